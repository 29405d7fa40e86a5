import { useNavigate } from 'react-router';
import { Card } from '@/components/ui/card';
import { PageSkeleton } from '@/components/ui/page-skeleton';
import { paths } from '@/config/paths';
import { ClientForm, type ClientDefaults } from '@/features/clients/components/client-form';
import { useGetAgencySettingsQuery } from '@/features/settings/api';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { NoAccess } from './no-access';
import { BackLink, useCanEdit } from './route-helpers';

const FALLBACK_DEFAULTS: ClientDefaults = { currency: 'USD', payment_terms_days: 30, money_visible: false };

/** The client form's defaults from the agency settings (fixed ones if they cannot be loaded). */
export function useClientDefaults(): { defaults: ClientDefaults; loading: boolean } {
  const { data, isLoading } = useGetAgencySettingsQuery();
  const settings = data?.settings;
  return {
    loading: isLoading,
    defaults: settings
      ? {
          currency: settings.currency,
          finders_fee_percent: settings.default_finders_fee_percent,
          payment_terms_days: settings.default_payment_terms_days,
          money_visible: data.money_visible,
        }
      : FALLBACK_DEFAULTS,
  };
}

/** /clients/new */
export function ClientNewRoute() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const editable = useCanEdit();
  const { defaults, loading } = useClientDefaults();
  if (!editable) return <NoAccess />;
  if (loading) return <PageSkeleton variant="form" />;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <BackLink to={paths.app.clients.getHref()}>All clients</BackLink>
      <Card className="px-5 py-6 sm:px-8">
        <ClientForm
          defaults={defaults}
          onCancel={() => void navigate(paths.app.clients.getHref())}
          onSaved={(client) => {
            dispatch(notifySuccess(`${client.name} was created.`));
            void navigate(paths.app.client.getHref(client.id));
          }}
        />
      </Card>
    </div>
  );
}

export default ClientNewRoute;
