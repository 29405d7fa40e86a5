import type { RolePublicPreview, RolePublicPreviewInputSchema } from '@recruitdesk/contracts/role-public-text';
import type { z } from 'zod';
import type { Deps } from '../../lib/deps';
import { AppError, fieldsError } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import { requireClientRow } from '../clients/clients.service';
import { CLIENT_ERRORS } from '@recruitdesk/contracts/clients';
import type { UserRow } from '../users/users.service';
import { namesClient, publicRoleText } from './public-text';

/**
 * POST /api/roles/public-preview/: a role's title and description as the public will read them, from the
 * form's values before they are saved, with what the mask hid (the recruiter sees it before posting).
 */
export async function previewPublicRoleText(
  deps: Deps,
  actor: UserRow,
  input: z.output<typeof RolePublicPreviewInputSchema>,
): Promise<RolePublicPreview> {
  assertCan(actor, 'records.read');
  const client = await requireClientRow(deps.db, input.client_id).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404)
      throw fieldsError({ client_id: [CLIENT_ERRORS.CLIENT_NOT_FOUND] }, 'CLIENT_NOT_FOUND');
    throw error;
  });
  const text = publicRoleText(
    { name: input.name, descriptionText: input.description_text, showClientPublicly: input.show_client_publicly },
    client,
  );
  return {
    title: text.title,
    description: text.description,
    names_client: namesClient(`${input.name}\n${input.description_text}`, client),
    public_client_name: input.show_client_publicly ? client.name : null,
  };
}
