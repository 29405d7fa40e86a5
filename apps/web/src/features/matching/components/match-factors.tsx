import type { MatchEvidence, MatchFactor } from '@recruitdesk/contracts/matching';
import { HighlightedText } from '@/components/ui/highlighted-text';

const BAR_COLOURS = [
  'bg-brand-600',
  'bg-sky-500',
  'bg-emerald-500',
  'bg-amber-500',
  'bg-violet-500',
  'bg-rose-500',
  'bg-teal-500',
  'bg-indigo-400',
  'bg-lime-500',
  'bg-orange-400',
];

/** One bar made of the factors' shares (they add up to the score), with a legend in words. */
export function ScoreBar({ score, factors }: { score: number; factors: MatchFactor[] }) {
  const positive = factors.filter((factor) => factor.contribution > 0);
  return (
    <div
      className="flex h-2 w-full overflow-hidden rounded-full bg-gray-100 dark:bg-white/10"
      role="img"
      aria-label={`Score ${score.toFixed(1)} of 100: ${positive
        .map((factor) => `${factor.label} ${factor.contribution.toFixed(1)}`)
        .join(', ')}`}
    >
      {positive.map((factor, index) => (
        <span
          key={factor.key}
          className={BAR_COLOURS[index % BAR_COLOURS.length]}
          style={{ width: `${Math.max(0, factor.contribution)}%` }}
        />
      ))}
    </div>
  );
}

/** Every factor: its contribution (points of the score), its weight and what it found. */
export function FactorList({ factors }: { factors: MatchFactor[] }) {
  return (
    <ul className="space-y-1.5 text-sm" aria-label="Score by factor">
      {factors.map((factor) => (
        <li key={factor.key} className="grid grid-cols-[minmax(0,10rem)_3.5rem_minmax(0,1fr)] items-baseline gap-2">
          <span className="truncate text-gray-700 dark:text-gray-300">{factor.label}</span>
          <span
            className={
              factor.contribution < 0
                ? 'text-right font-medium text-rose-700 tabular-nums dark:text-rose-300'
                : 'text-right font-medium text-gray-900 tabular-nums dark:text-white'
            }
          >
            {factor.contribution > 0 ? '+' : ''}
            {factor.contribution.toFixed(1)}
          </span>
          <span className="min-w-0 text-gray-500 dark:text-gray-400">{factor.detail}</span>
        </li>
      ))}
    </ul>
  );
}

/** The resume lines where matched skills appear, the skill highlighted (rendered as text, never HTML). */
export function EvidenceList({ evidence }: { evidence: MatchEvidence[] }) {
  if (!evidence.length) return null;
  return (
    <ul className="space-y-1 text-sm text-gray-600 dark:text-gray-300" aria-label="Evidence">
      {evidence.map((item) => (
        <li key={item.skill}>
          <span className="font-medium text-gray-900 dark:text-white">{item.skill}: </span>
          <HighlightedText text={item.snippet} highlights={[[item.start, item.end]]} />
        </li>
      ))}
    </ul>
  );
}
