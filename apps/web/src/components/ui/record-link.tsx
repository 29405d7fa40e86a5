import { Link, type LinkProps } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from './cn';

/** A link to a related record in a page header's description: the role, the client. */
export function RecordLink({ className, ...props }: LinkProps) {
  return (
    <Link className={cn('font-medium text-brand-600 hover:underline dark:text-brand-400', className)} {...props} />
  );
}

/** The client's name, linking to the client. */
export function ClientLink({ client }: { client: { id: number; name: string } }) {
  return <RecordLink to={paths.app.client.getHref(client.id)}>{client.name}</RecordLink>;
}
