import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { ContactsList } from '@/features/contacts/components/contacts-list';

/** /contacts */
export function ContactsRoute() {
  return (
    <div className="space-y-6">
      <PageHeader title="Contacts" description="The people you work with at your clients." />
      <Card className="overflow-hidden" role="region" aria-label="Contact list">
        <ContactsList />
      </Card>
    </div>
  );
}

export default ContactsRoute;
