import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SkillAlias } from '@recruitdesk/contracts/resumes';
import { installFetchStub } from '@/test/fetch-stub';
import { jsonResponse } from '@/test/factories';
import { callsOf, renderWithProviders } from '@/test/render';
import { SkillVocabularySection } from './components/skill-vocabulary-section';

const fetchStub = installFetchStub();

const alias = (id: number, name: string, canonical: string): SkillAlias => ({
  id,
  alias: name,
  canonical,
  created_by: { id: 1, name: 'Olivia Owner' },
  created_at: '2026-11-29T10:00:00.000Z',
});

/** A tiny server: the list, adding (refusing a taken alias like the API) and deleting. */
function serve(initial: SkillAlias[]) {
  let rows = [...initial];
  fetchStub.mock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url.includes('/api/skills/aliases/') && method === 'GET')
      return jsonResponse(200, { success: true, aliases: rows, count: rows.length });
    if (url.endsWith('/api/skills/aliases/') && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { alias: string; canonical: string };
      if (rows.some((row) => row.alias.toLowerCase() === body.alias.toLowerCase()))
        return jsonResponse(400, {
          success: false,
          error: 'Check the fields.',
          code: 'ALIAS_TAKEN',
          fields: { alias: ['This alias is already in the vocabulary.'] },
        });
      const created = alias(rows.length + 10, body.alias, body.canonical);
      rows = [...rows, created];
      return jsonResponse(201, { success: true, alias: created });
    }
    const deleted = /\/api\/skills\/aliases\/(\d+)\/$/.exec(url);
    if (deleted && method === 'DELETE') {
      rows = rows.filter((row) => row.id !== Number(deleted[1]));
      return jsonResponse(200, { success: true, message: 'Alias removed.' });
    }
    return jsonResponse(404, { success: false, error: 'Not found' });
  });
}

describe('Settings → Skills vocabulary', () => {
  it('lists the aliases and lets an owner add one and delete one after confirming', async () => {
    serve([alias(1, 'Lakehouse', 'Databricks')]);
    const user = userEvent.setup();
    renderWithProviders(<SkillVocabularySection canEdit />);
    const list = await screen.findByRole('list', { name: 'Skill aliases' });
    expect(within(list).getByText('Lakehouse')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Add a skill alias' });
    // Nothing typed: the form says what is missing and sends nothing.
    await user.click(within(form).getByRole('button', { name: 'Add alias' }));
    expect(await within(form).findByText('Enter the alias.')).toBeInTheDocument();
    expect(callsOf(fetchStub.mock)).not.toContain('POST /api/skills/aliases/');

    // A taken alias: the server's message on the field.
    await user.type(within(form).getByLabelText('Alias'), 'lakehouse');
    await user.type(within(form).getByLabelText('Skill it stands for'), 'Spark');
    await user.click(within(form).getByRole('button', { name: 'Add alias' }));
    expect(await within(form).findByText('This alias is already in the vocabulary.')).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('Alias'));
    await user.type(within(form).getByLabelText('Alias'), 'ReactJS16');
    await user.clear(within(form).getByLabelText('Skill it stands for'));
    await user.type(within(form).getByLabelText('Skill it stands for'), 'React');
    await user.click(within(form).getByRole('button', { name: 'Add alias' }));
    expect(await within(list).findByText('ReactJS16')).toBeInTheDocument();
    const post = fetchStub.mock.mock.calls.find(
      ([, init]) => init?.method === 'POST' && String(init.body).includes('ReactJS16'),
    );
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ alias: 'ReactJS16', canonical: 'React' });
    await waitFor(() => expect(within(form).getByLabelText('Alias')).toHaveValue(''));

    await user.click(screen.getByRole('button', { name: 'Delete the alias Lakehouse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this alias?' });
    expect(callsOf(fetchStub.mock).some((call) => call.startsWith('DELETE'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete alias' }));
    await waitFor(() => expect(callsOf(fetchStub.mock)).toContain('DELETE /api/skills/aliases/1/'));
    await waitFor(() => expect(screen.queryByText('Lakehouse')).not.toBeInTheDocument());
  });

  it('is read-only for recruiters and viewers, with an empty state', async () => {
    serve([]);
    renderWithProviders(<SkillVocabularySection canEdit={false} />);
    expect(await screen.findByText('No aliases of your own yet')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a skill alias' })).not.toBeInTheDocument();
  });
});
