import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Ban, RotateCcw, Trash2 } from 'lucide-react';
import { USER_TYPES, USER_TYPE_DESCRIPTIONS, type User, type UserType } from '@recruitdesk/contracts/users';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useConfirmedMutation } from '@/components/ui/use-confirmed-mutation';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/base-api';
import { RelativeTime } from '@/components/ui/time';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { useDeleteUserMutation, useSetUserActiveMutation, useUpdateUserRoleMutation } from '../api';
import { UserStatusBadge, UserTypeBadges } from './user-type-badges';

export function UserHeader({ user }: { user: User }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <Avatar name={user.name} initials={user.initials} src={user.profile_picture_url} size="xl" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="truncate text-2xl font-semibold tracking-tight text-gray-900 dark:text-white">
            {user.name || user.email}
          </h2>
          <UserStatusBadge active={user.is_active} />
        </div>
        <p className="mt-1 truncate text-sm text-gray-500 dark:text-gray-400">{user.email}</p>
        <div className="mt-2">
          <UserTypeBadges types={user.user_type} />
        </div>
      </div>
    </div>
  );
}

export function UserProfileCard({ user, sessionsCount }: { user: User; sessionsCount: number }) {
  const now = new Date();
  const rows: { label: string; value: ReactNode }[] = [
    { label: 'Username', value: user.username },
    { label: 'Time zone', value: user.time_zone.replace(/_/g, ' ') },
    {
      label: 'Joined',
      value: <RelativeTime value={user.date_joined} now={now} />,
    },
    {
      label: 'Last sign-in',
      value: user.last_login ? <RelativeTime value={user.last_login} now={now} /> : 'Never signed in',
    },
    {
      label: 'Sessions',
      value: sessionsCount === 1 ? '1 active session' : `${sessionsCount} active sessions`,
    },
  ];
  return (
    <SectionCard id="user-profile" title="Profile" flush>
      <dl className="divide-y divide-gray-100 dark:divide-white/5">
        {rows.map((row) => (
          <div key={row.label} className="grid grid-cols-[7.5rem_1fr] gap-3 px-5 py-3 text-sm">
            <dt className="text-gray-500 dark:text-gray-400">{row.label}</dt>
            <dd className="min-w-0 font-medium break-words text-gray-900 dark:text-gray-100">{row.value}</dd>
          </div>
        ))}
      </dl>
    </SectionCard>
  );
}

/** The user types, changed with PATCH /api/users/{id}/role/; the server's refusals are shown as they are. */
export function UserTypesCard({ user, canGrantOwner }: { user: User; canGrantOwner: boolean }) {
  const dispatch = useAppDispatch();
  const [selected, setSelected] = useState<UserType[]>(user.user_type);
  const [localError, setLocalError] = useState<string | null>(null);
  const [updateRole, { isLoading, error, reset }] = useUpdateUserRoleMutation();
  const [lastSaved, setLastSaved] = useState(user.user_type.join(','));
  // A new answer from the server (e.g. after a save elsewhere) resets the choice.
  if (user.user_type.join(',') !== lastSaved) {
    setLastSaved(user.user_type.join(','));
    setSelected(user.user_type);
  }

  const ownerLocked = !canGrantOwner && !user.user_type.includes('owner');
  const options = USER_TYPES.map((value) => ({
    value,
    ...USER_TYPE_DESCRIPTIONS[value],
    ...(value === 'owner' && !canGrantOwner
      ? {
          disabled: true,
          disabledReason: ownerLocked
            ? 'Only an owner can grant the owner type.'
            : 'Only an owner can change the owner type.',
        }
      : {}),
  }));
  const changed = selected.join(',') !== user.user_type.join(',');

  const save = async () => {
    reset();
    if (selected.length === 0) {
      setLocalError('Choose at least one user type.');
      return;
    }
    setLocalError(null);
    const result = await updateRole({ id: user.id, user_type: selected });
    if (!result.error) dispatch(notifySuccess(`User types of ${user.name || user.email} saved.`));
  };

  return (
    <SectionCard
      id="user-types"
      title="User types"
      description="What this person may see and do. A person can hold more than one type."
      flush
    >
      <div className="space-y-4 px-5 py-5">
        {error ? <Alert>{errorMessage(error)}</Alert> : null}
        <CheckboxGroup<UserType>
          legend="User types"
          hideLegend
          options={options}
          value={selected}
          onChange={(next) => {
            setLocalError(null);
            setSelected(next);
          }}
          error={localError ?? undefined}
        />
        <div className="flex justify-end gap-2">
          {changed ? (
            <Button variant="ghost" onClick={() => setSelected(user.user_type)}>
              Undo
            </Button>
          ) : null}
          <Button onClick={() => void save()} loading={isLoading} disabled={!changed && !isLoading}>
            Save user types
          </Button>
        </div>
      </div>
    </SectionCard>
  );
}

/** Deactivate or reactivate, and delete (typing the email to confirm). */
export function UserAccessCard({ user, isSelf }: { user: User; isSelf: boolean }) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [setActive] = useSetUserActiveMutation();
  const [deleteUser] = useDeleteUserMutation();
  const name = user.name || user.email;
  const toggleActive = useConfirmedMutation({
    run: () => setActive({ id: user.id, active: !user.is_active }),
    success: user.is_active ? `${name} has been deactivated.` : `${name} has been reactivated.`,
  });
  const remove = useConfirmedMutation({
    run: () => deleteUser(user.id),
    success: `${name} has been deleted.`,
    onDone: () => void navigate(paths.app.users.getHref(), { replace: true }),
  });

  const emailMatches = typed.trim().toLowerCase() === user.email.toLowerCase();

  return (
    <SectionCard id="user-access" title="Access" flush>
      <div className="divide-y divide-gray-100 dark:divide-white/5">
        <div className="flex flex-col items-start gap-3 px-5 py-4">
          <div className="text-sm">
            <p className="font-medium text-gray-900 dark:text-white">
              {user.is_active ? 'Deactivate account' : 'Reactivate account'}
            </p>
            <p className="text-gray-500 dark:text-gray-400">
              {user.is_active
                ? 'Signs them out everywhere and blocks sign-in. Their work stays.'
                : 'Lets them sign in again with their password.'}
            </p>
          </div>
          <Button
            variant="secondary"
            onClick={() => toggleActive.ask(true)}
            disabled={isSelf && user.is_active}
            title={isSelf && user.is_active ? 'You cannot deactivate yourself.' : undefined}
          >
            {user.is_active ? (
              <Ban aria-hidden="true" className="size-4" />
            ) : (
              <RotateCcw aria-hidden="true" className="size-4" />
            )}
            {user.is_active ? 'Deactivate' : 'Reactivate'}
          </Button>
        </div>
        <div className="flex flex-col items-start gap-3 px-5 py-4">
          <div className="text-sm">
            <p className="font-medium text-gray-900 dark:text-white">Delete user</p>
            <p className="text-gray-500 dark:text-gray-400">
              Removes the account for good. Their notes and history keep their name.
            </p>
          </div>
          <Button
            variant="danger"
            onClick={() => {
              setTyped('');
              remove.ask(true);
            }}
            disabled={isSelf}
            title={isSelf ? 'You cannot delete yourself.' : undefined}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Delete user
          </Button>
        </div>
        {isSelf ? (
          <p className="px-5 py-3 text-xs text-gray-500 dark:text-gray-400">
            This is your own account: ask another owner to deactivate or delete it.
          </p>
        ) : null}
      </div>

      <ConfirmDialog
        {...toggleActive.dialog}
        title={user.is_active ? `Deactivate ${name}?` : `Reactivate ${name}?`}
        description={
          user.is_active
            ? 'They will be signed out of every device and cannot sign in until reactivated.'
            : 'They will be able to sign in again.'
        }
        confirmLabel={user.is_active ? 'Deactivate' : 'Reactivate'}
        tone={user.is_active ? 'danger' : 'default'}
      />

      <ConfirmDialog
        {...remove.dialog}
        title={`Delete ${name}?`}
        description="This cannot be undone. Their notes and history keep their name."
        confirmLabel="Delete user"
        tone="danger"
        confirmDisabled={!emailMatches}
      >
        <Field label={`Type ${user.email} to confirm`}>
          <Input
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
      </ConfirmDialog>
    </SectionCard>
  );
}
