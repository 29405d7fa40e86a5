import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PAGE_TEXT } from '@/config/page-text';
import { paths } from '@/config/paths';
import { ClientsList } from '@/features/clients/components/clients-list';
import { useCanEdit } from './route-helpers';

/** /clients */
export function ClientsRoute() {
  const editable = useCanEdit();
  return (
    <div className="space-y-6">
      <PageHeader
        title={PAGE_TEXT.clients.title}
        description={PAGE_TEXT.clients.description}
        actions={
          editable ? (
            <Link to={paths.app.clientNew.getHref()} className={buttonClasses()}>
              <Plus aria-hidden="true" className="size-4" />
              New client
            </Link>
          ) : null
        }
      />
      <Card className="overflow-hidden" role="region" aria-label="Client list">
        <ClientsList />
      </Card>
    </div>
  );
}

export default ClientsRoute;
