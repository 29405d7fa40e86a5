import { SEARCH_MATCH_FIELD_LABELS } from '@recruitdesk/contracts/candidate-constants';
import type { CandidateSearchMatch } from '@recruitdesk/contracts/candidates';
import { HighlightedText } from '@/components/ui/highlighted-text';

/** Where a search matched one candidate: each field with its text and the matched words marked. */
export function SearchMatches({ matches, name }: { matches: CandidateSearchMatch[]; name: string }) {
  if (matches.length === 0) return null;
  return (
    <dl aria-label={`Where ${name} matched`} className="mt-1 space-y-0.5 text-xs text-gray-600 dark:text-gray-400">
      {matches.map((match) => (
        <div key={match.field} className="flex gap-1">
          <dt className="shrink-0 font-medium text-gray-500 dark:text-gray-400">
            {SEARCH_MATCH_FIELD_LABELS[match.field]}:
          </dt>
          <dd className="line-clamp-2 min-w-0 break-words">
            <HighlightedText text={match.text} highlights={match.highlights} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
