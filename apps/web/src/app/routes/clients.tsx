import { Link } from 'react-router';
import { FileUp, Plus } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PAGE_TEXT } from '@/config/page-text';
import { paths } from '@/config/paths';
import { selectUser } from '@/features/auth/auth-slice';
import { ClientsList } from '@/features/clients/components/clients-list';
import { useAppSelector } from '@/lib/hooks';
import { canImport } from '@/lib/permissions';
import { useCanEdit } from './route-helpers';

/** /clients */
export function ClientsRoute() {
  const editable = useCanEdit();
  const importing = canImport(useAppSelector(selectUser));
  return (
    <div className="space-y-6">
      <PageHeader
        title={PAGE_TEXT.clients.title}
        description={PAGE_TEXT.clients.description}
        actions={
          editable || importing ? (
            <>
              {importing ? (
                <Link to={paths.app.importNew.getHref('clients')} className={buttonClasses('secondary')}>
                  <FileUp aria-hidden="true" className="size-4" />
                  Import
                </Link>
              ) : null}
              {editable ? (
                <Link to={paths.app.clientNew.getHref()} className={buttonClasses()}>
                  <Plus aria-hidden="true" className="size-4" />
                  New client
                </Link>
              ) : null}
            </>
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
