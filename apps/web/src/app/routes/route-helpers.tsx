import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { selectUser } from '@/features/auth/auth-slice';
import { useAppSelector } from '@/lib/hooks';
import { canEdit } from '@/lib/permissions';

/** Whether the signed-in user may change data (everyone but viewers). */
export function useCanEdit() {
  return canEdit(useAppSelector(selectUser));
}

export const idParam = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className={buttonClasses('ghost', 'sm', '-ml-3')}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}
