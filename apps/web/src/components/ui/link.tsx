import { Link, type LinkProps } from 'react-router';
import { cn } from './cn';

export const textLinkClasses =
  'font-medium text-brand-600 hover:text-brand-500 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-brand-400 dark:hover:text-brand-300';

export function TextLink({ className, ...props }: LinkProps) {
  return <Link className={cn(textLinkClasses, className)} {...props} />;
}
