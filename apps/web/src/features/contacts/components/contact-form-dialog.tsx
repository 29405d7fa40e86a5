import { useState, type FormEvent } from 'react';
import { LEGAL_BASES, LEGAL_BASIS_LABELS } from '@recruitdesk/contracts/data-protection-constants';
import { contactDisplayName, type Contact, type ContactInputParsed } from '@recruitdesk/contracts/contacts';
import { Checkbox } from '@/components/ui/checkbox';
import { FormDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { ApiQueryError } from '@/lib/base-api';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { useCreateClientContactMutation, useUpdateContactMutation } from '../api';

const EMPTY: ContactInputParsed = {
  first_name: '',
  last_name: '',
  job_title: '',
  email: '',
  phone: '',
  notes: '',
  left_company: false,
  legal_basis: 'legitimate_interest',
};

const valuesOf = (contact: Contact): ContactInputParsed => ({
  first_name: contact.first_name,
  last_name: contact.last_name,
  job_title: contact.job_title,
  email: contact.email,
  phone: contact.phone,
  notes: contact.notes,
  left_company: contact.left_company,
  legal_basis: contact.legal_basis,
});

/** 'Add contact' (with `clientId`) or 'Edit {name}' (with `contact`) in a dialog; the server's field errors under their fields. */
export function ContactFormDialog({
  clientId,
  contact,
  open,
  onClose,
}: {
  clientId: number;
  contact?: Contact | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const [values, setValues] = useState<ContactInputParsed>(contact ? valuesOf(contact) : EMPTY);
  const [create, creating] = useCreateClientContactMutation();
  const [update, updating] = useUpdateContactMutation();
  const [error, setError] = useState<unknown>(null);
  const fields = (error as ApiQueryError | null)?.fields ?? {};
  const set = (name: keyof ContactInputParsed) => (value: string | boolean) =>
    setValues((current) => ({ ...current, [name]: value }));
  const text = (name: Exclude<keyof ContactInputParsed, 'left_company' | 'legal_basis'>) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => set(name)(event.target.value),
  });

  const close = () => {
    setError(null);
    setValues(contact ? valuesOf(contact) : EMPTY);
    onClose();
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!values.first_name.trim() && !values.last_name.trim() && !values.email.trim()) {
      setError({
        status: 400,
        message: 'Check the highlighted fields.',
        isAuthError: false,
        fields: { first_name: ['Enter a name or an email address.'] },
      });
      return;
    }
    const result = contact
      ? await update({ id: contact.id, clientId, body: values })
      : await create({ clientId, body: values });
    if (result.error) {
      setError(result.error);
      return;
    }
    dispatch(notifySuccess(`${contactDisplayName(result.data.contact)} was saved.`));
    setError(null);
    if (!contact) setValues(EMPTY);
    onClose();
  };
  const fieldErrorShown = Object.keys(fields).length > 0;
  return (
    <FormDialog
      open={open}
      onClose={close}
      title={contact ? `Edit ${contactDisplayName(contact)}` : 'Add contact'}
      submitLabel={contact ? 'Save contact' : 'Add contact'}
      loading={creating.isLoading || updating.isLoading}
      error={fieldErrorShown ? undefined : error}
      onSubmit={(event) => void submit(event)}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="First name" error={fields.first_name?.[0]}>
          <Input autoComplete="off" {...text('first_name')} />
        </Field>
        <Field label="Last name" error={fields.last_name?.[0]}>
          <Input autoComplete="off" {...text('last_name')} />
        </Field>
      </div>
      <Field label="Job title" error={fields.job_title?.[0]}>
        <Input autoComplete="off" {...text('job_title')} />
      </Field>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="Email" error={fields.email?.[0]}>
          <Input type="email" autoComplete="off" {...text('email')} />
        </Field>
        <Field label="Phone" error={fields.phone?.[0]}>
          <Input type="tel" autoComplete="off" {...text('phone')} />
        </Field>
      </div>
      <Field label="Notes" error={fields.notes?.[0]}>
        <Textarea rows={3} {...text('notes')} />
      </Field>
      <Field label="Legal basis" error={fields.legal_basis?.[0]}>
        <Select value={values.legal_basis} onChange={(event) => set('legal_basis')(event.target.value)}>
          {LEGAL_BASES.map((basis) => (
            <option key={basis} value={basis}>
              {LEGAL_BASIS_LABELS[basis]}
            </option>
          ))}
        </Select>
      </Field>
      <Checkbox
        label="Left the company"
        checked={values.left_company}
        onChange={(event) => set('left_company')(event.target.checked)}
      />
    </FormDialog>
  );
}
