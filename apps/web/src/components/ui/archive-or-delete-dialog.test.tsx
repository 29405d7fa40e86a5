import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DeletionCheck } from '@recruitdesk/contracts/common';
import { renderWithProviders } from '@/test/render';
import { ArchiveOrDeleteDialog } from './archive-or-delete-dialog';

const blocked: DeletionCheck = {
  can_delete: false,
  blockers: [
    { kind: 'roles', count: 2, label: '2 roles' },
    { kind: 'pipelines', count: 5, label: '5 candidates in their pipelines' },
  ],
  removes: [],
  message:
    'Acme cannot be deleted: it has 2 roles and 5 candidates in their pipelines, and the agency keeps that history. Archive it instead: it leaves the lists, keeps its history and can be restored.',
  archived: false,
  can_archive: true,
  archive_blocker: null,
};

function setup(check: DeletionCheck | undefined, calls: { remove?: () => Promise<{ error?: unknown }> } = {}) {
  const remove = vi.fn(calls.remove ?? (async () => ({})));
  const archive = vi.fn(async () => ({}));
  const onDeleted = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <ArchiveOrDeleteDialog
      name="Acme"
      noun="client"
      open
      onClose={onClose}
      check={check}
      checkError={undefined}
      onRetryCheck={() => {}}
      remove={remove}
      archive={archive}
      onDeleted={onDeleted}
    />,
  );
  return { remove, archive, onDeleted, onClose, user: userEvent.setup() };
}

describe('ArchiveOrDeleteDialog (issue 16 item 4)', () => {
  it('says what blocks the delete before anything is confirmed and offers archiving instead', async () => {
    const { remove, archive, onClose, user } = setup(blocked);
    const dialog = await screen.findByRole('dialog', { name: 'Delete Acme?' });
    const list = within(dialog).getByRole('list', { name: 'What blocks the delete' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['2 roles', '5 candidates in their pipelines']);
    expect(dialog).toHaveTextContent('Archive it instead: it leaves the lists, keeps its history and can be restored.');
    expect(within(dialog).queryByRole('button', { name: 'Delete client' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Archive client instead' }));
    expect(archive).toHaveBeenCalledTimes(1);
    expect(remove).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it('when archiving must wait (active roles), says what to do first and offers no archive button', async () => {
    setup({
      ...blocked,
      can_archive: false,
      archive_blocker: 'Close its 1 active role first: an archived client has no active roles.',
      message:
        'Acme cannot be deleted: it has 1 role (1 active), and the agency keeps that history. Close its 1 active role first, then archive the client instead: it leaves the lists, keeps its history and can be restored.',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Delete Acme?' });
    expect(dialog).toHaveTextContent('Close its 1 active role first, then archive the client instead');
    expect(within(dialog).queryByRole('button', { name: 'Archive client instead' })).not.toBeInTheDocument();
    const labels = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(labels).toContain('Close');
    expect(labels).not.toContain('Cancel');
  });

  it('an empty record: says what goes with it, deletes, and shows a refusal in the dialog', async () => {
    let refuse = true;
    const { remove, onDeleted, user } = setup(
      {
        ...blocked,
        can_delete: true,
        blockers: [],
        removes: ['1 note'],
        message: 'Acme has no roles, so it can be deleted with its 1 note. This cannot be undone.',
      },
      {
        remove: async () =>
          refuse ? { error: { status: 409, data: { success: false, error: 'Acme now has a role.' } } } : {},
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete Acme?' });
    expect(dialog).toHaveTextContent('Acme has no roles, so it can be deleted with its 1 note. This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete client' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Delete client' }));
    expect(remove).toHaveBeenCalledTimes(2);
    expect(onDeleted).toHaveBeenCalledTimes(1);
  });

  it('while the check is on its way, shows that it is checking and no action', async () => {
    setup(undefined);
    const dialog = await screen.findByRole('dialog', { name: 'Delete Acme?' });
    expect(within(dialog).getByLabelText('Checking what this client has')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Delete client|Archive/ })).not.toBeInTheDocument();
  });
});
