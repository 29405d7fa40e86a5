import { useState } from 'react';
import type { MailboxConnectInput } from '@recruitdesk/contracts/mailboxes';
import { Checkbox } from '@/components/ui/checkbox';
import { FormDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { ApiQueryError } from '@/lib/base-api';
import { useConnectMailboxMutation } from '../api';

/** Common providers' IMAP settings, and what to use as the password. */
export const PROVIDERS = {
  gmail: {
    label: 'Gmail / Google Workspace',
    host: 'imap.gmail.com',
    port: 993,
    hint: 'Use an app password (Google Account → Security → App passwords); IMAP must be on in Gmail settings.',
  },
  microsoft: {
    label: 'Microsoft 365 / Outlook',
    host: 'outlook.office365.com',
    port: 993,
    hint: 'Use an app password if your account has two-step verification; your admin must allow IMAP.',
  },
  other: {
    label: 'Other (IMAP)',
    host: '',
    port: 993,
    hint: 'Your provider’s IMAP server, usually on port 993 with TLS.',
  },
} as const;
export type Provider = keyof typeof PROVIDERS;

type Errors = Partial<Record<'email' | 'host' | 'port' | 'username' | 'password', string>>;

/** Connect an IMAP mailbox: the server logs in with these before saving (the password is stored encrypted). */
export function ConnectMailboxDialog({
  open,
  onClose,
  canShare,
}: {
  open: boolean;
  onClose: () => void;
  /** Owners may connect the agency's shared mailbox. */
  canShare: boolean;
}) {
  const [provider, setProvider] = useState<Provider>('gmail');
  const [values, setValues] = useState<Required<MailboxConnectInput>>({
    kind: 'personal',
    label: '',
    email: '',
    host: PROVIDERS.gmail.host,
    port: 993,
    tls: true,
    username: '',
    password: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [connect, connecting] = useConnectMailboxMutation();
  const set = (patch: Partial<MailboxConnectInput>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors({});
  };
  const choose = (next: Provider) => {
    setProvider(next);
    set({ host: PROVIDERS[next].host, port: PROVIDERS[next].port, tls: true });
  };
  const submit = async () => {
    const found: Errors = {};
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) found.email = 'Enter the mailbox’s email address.';
    if (!values.host.trim()) found.host = 'Enter the IMAP server.';
    if (!Number.isInteger(values.port) || values.port < 1 || values.port > 65535)
      found.port = 'Enter a port from 1 to 65535.';
    if (!values.password) found.password = 'Enter the password or app password.';
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = { ...values, email: values.email.trim(), username: values.username.trim() || values.email.trim() };
    const result = await connect(body);
    if (!result.error) {
      onClose();
      return;
    }
    const fields = (result.error as ApiQueryError).fields;
    if (fields) {
      const next: Errors = {};
      for (const key of ['email', 'host', 'port', 'username', 'password'] as const)
        if (fields[key]?.[0]) next[key] = fields[key][0];
      setErrors(next);
    }
  };
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Connect a mailbox"
      description="RecruitDesk keeps the mailbox in sync and files each message on the records it belongs to."
      submitLabel="Connect"
      loading={connecting.isLoading}
      error={connecting.error}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Field label="Provider" hint={PROVIDERS[provider].hint}>
        <Select value={provider} onChange={(event) => choose(event.target.value as Provider)}>
          {(Object.keys(PROVIDERS) as Provider[]).map((p) => (
            <option key={p} value={p}>
              {PROVIDERS[p].label}
            </option>
          ))}
        </Select>
      </Field>
      {canShare ? (
        <Field label="Whose mailbox">
          <Select value={values.kind} onChange={(event) => set({ kind: event.target.value as 'shared' | 'personal' })}>
            <option value="personal">Mine</option>
            <option value="shared">The agency’s (shared)</option>
          </Select>
        </Field>
      ) : null}
      <Field label="Email address" error={errors.email}>
        <Input type="email" autoComplete="off" value={values.email} onChange={(e) => set({ email: e.target.value })} />
      </Field>
      <Field label="Name on the list" hint="Optional, e.g. “Jobs inbox”.">
        <Input value={values.label} maxLength={200} onChange={(e) => set({ label: e.target.value })} />
      </Field>
      <div className="grid grid-cols-3 gap-3">
        <Field label="IMAP server" error={errors.host} className="col-span-2">
          <Input value={values.host} onChange={(e) => set({ host: e.target.value })} />
        </Field>
        <Field label="Port" error={errors.port}>
          <Input
            type="number"
            inputMode="numeric"
            value={String(values.port)}
            onChange={(e) => set({ port: Number(e.target.value) })}
          />
        </Field>
      </div>
      <Checkbox label="Use TLS (recommended)" checked={values.tls} onChange={(e) => set({ tls: e.target.checked })} />
      <Field label="User name" error={errors.username} hint="Usually the email address (used when left empty).">
        <Input autoComplete="off" value={values.username} onChange={(e) => set({ username: e.target.value })} />
      </Field>
      <Field label="Password or app password" error={errors.password}>
        <Input
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => set({ password: e.target.value })}
        />
      </Field>
    </FormDialog>
  );
}
