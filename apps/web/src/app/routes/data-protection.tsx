import { selectUser } from '@/features/auth/auth-slice';
import { DataProtectionPage } from '@/features/data-protection/components/data-protection-page';
import { useAppSelector } from '@/lib/hooks';
import { isOwner } from '@/lib/permissions';
import { NoAccess } from './no-access';

/** /settings/data-protection (issue 34): owners only; the server refuses everyone else too. */
export function DataProtectionRoute() {
  const user = useAppSelector(selectUser);
  if (!user || !isOwner(user)) return <NoAccess />;
  return <DataProtectionPage />;
}

export default DataProtectionRoute;
