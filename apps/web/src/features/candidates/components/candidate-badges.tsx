import type { Candidate } from '@recruitdesk/contracts/candidates';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';

export { CandidateStatusBadge } from '@/components/ui/candidate-status-badge';

/**
 * The first `max` skills as badges, then '+N' for the rest (named in full for screen readers). Skills in
 * `highlight` (the list's skill filter) come first and stand out.
 */
export function SkillBadges({
  skills: all,
  max = 3,
  highlight = [],
  className,
}: {
  skills: string[];
  max?: number;
  highlight?: string[];
  className?: string;
}) {
  if (!all.length) return <span className="text-gray-400 dark:text-gray-500">—</span>;
  const wanted = new Set(highlight.map((s) => s.toLowerCase()));
  const isWanted = (skill: string) => wanted.has(skill.toLowerCase());
  const skills = wanted.size ? [...all.filter(isWanted), ...all.filter((s) => !isWanted(s))] : all;
  const shown = skills.slice(0, max);
  const rest = skills.length - shown.length;
  return (
    <ul className={cn('flex flex-wrap gap-1', className)}>
      {shown.map((skill) => (
        <li key={skill}>
          <Badge tone={isWanted(skill) ? 'brand' : 'sky'}>{skill}</Badge>
        </li>
      ))}
      {rest > 0 ? (
        <li title={skills.slice(max).join(', ')}>
          <Badge>
            <span aria-hidden="true">+{rest}</span>
            <span className="sr-only">
              and {rest} more: {skills.slice(max).join(', ')}
            </span>
          </Badge>
        </li>
      ) : null}
    </ul>
  );
}

/** '5 years', '1 year', '—'. */
export function formatExperience(years: number | null): string {
  if (years === null) return '';
  return `${years} ${years === 1 ? 'year' : 'years'}`;
}

/** 'Engineer @ Acme', or whichever half is known. */
export const titleAtCompany = (candidate: Pick<Candidate, 'current_title' | 'current_company'>) =>
  [candidate.current_title, candidate.current_company].filter(Boolean).join(' @ ');
