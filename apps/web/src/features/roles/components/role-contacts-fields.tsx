import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { contactDisplayName } from '@recruitdesk/contracts/contacts';
import type { Role } from '@recruitdesk/contracts/roles';
import { useListClientContactsQuery } from '@/api/contacts';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';

/** A field the details show but do not edit. */
export function FixedField({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-3 px-5 py-3 text-sm">
      <dt className="text-gray-500 dark:text-gray-400">{term}</dt>
      <dd className="col-span-2 font-medium text-gray-900 dark:text-gray-100">{children}</dd>
    </div>
  );
}

const contactLinkClass = 'text-brand-600 hover:underline dark:text-brand-400';

/**
 * The role's people at the client: its hiring manager and its other contacts, each linked to their page.
 * The hiring manager is chosen in the role form (Edit role); the others' names come from the client's contacts.
 */
export function RoleContactsFields({ role }: { role: Role }) {
  const contactIds = role.contact_ids ?? [];
  const { data, isLoading } = useListClientContactsQuery(role.client.id, { skip: contactIds.length === 0 });
  const byId = new Map((data?.contacts ?? []).map((contact) => [contact.id, contact]));
  return (
    <>
      <FixedField term="Hiring manager">
        {role.hiring_manager ? (
          <Link to={paths.app.contact.getHref(role.hiring_manager.id)} className={contactLinkClass}>
            {role.hiring_manager.name}
          </Link>
        ) : (
          <span className="font-normal text-gray-400 dark:text-gray-500">—</span>
        )}
      </FixedField>
      {contactIds.length ? (
        <FixedField term="Other contacts">
          {isLoading ? (
            <Skeleton className="h-4 w-32" />
          ) : (
            <ul className="space-y-1" aria-label="Other contacts">
              {contactIds.map((id) => {
                const contact = byId.get(id);
                return (
                  <li key={id}>
                    <Link to={paths.app.contact.getHref(id)} className={contactLinkClass}>
                      {contact ? contactDisplayName(contact) : `Contact #${id}`}
                    </Link>
                    {contact?.job_title ? (
                      <span className="font-normal text-gray-500 dark:text-gray-400"> · {contact.job_title}</span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </FixedField>
      ) : null}
    </>
  );
}
