/**
 * A KPI's change against the previous period of the same length, as the cards show it.
 * - counts and money: relative change ("+12%"), none when the previous figure was missing;
 * - rates (fill rate, 0–1): the difference in percentage points ("+4.0 pts");
 * - against a previous figure of 0 (a period with nothing): "New" rather than "+100 pts" or an endless percent;
 * - durations (days) and ratios: relative change, where fewer days is the better direction.
 */
export type ChangeKind = 'relative' | 'points';

export interface Change {
  /** What the card says: '+12%', '−3.5 pts', 'No change'. */
  text: string;
  direction: 'up' | 'down' | 'flat';
  /** Whether the move is good news (more placements, fewer days to fill); null when flat. */
  good: boolean | null;
  /** The sentence for screen readers and the hover text. */
  description: string;
  /** What the change is against, after it on the card. */
  versus: string;
}

const MINUS = '\u2212';

/** Rounds halves away from zero, so a rise and a fall of the same size read the same. */
function roundAway(value: number, digits: number): number {
  const scale = 10 ** digits;
  return (Math.sign(value) * Math.round(Math.abs(value) * scale + 1e-9)) / scale;
}

function signed(value: number, digits: number, suffix: string): string {
  const abs = Math.abs(value).toFixed(digits);
  return `${value > 0 ? '+' : value < 0 ? MINUS : ''}${abs}${suffix}`;
}

export function changeAgainstPrevious(
  current: number | null | undefined,
  previous: number | null | undefined,
  options: { kind?: ChangeKind; lowerIsBetter?: boolean } = {},
): Change | null {
  if (current == null || previous == null || !Number.isFinite(current) || !Number.isFinite(previous)) return null;
  const kind = options.kind ?? 'relative';
  if (previous === 0 && current !== 0) return fresh();
  let delta: number;
  let text: string;
  if (kind === 'points') {
    delta = roundAway((current - previous) * 100, 1); // percentage points, one decimal
    text = signed(delta, 1, ' pts');
  } else {
    if (previous === 0) return flat();
    delta = roundAway(((current - previous) / Math.abs(previous)) * 100, 0);
    text = signed(delta, 0, '%');
  }
  if (delta === 0) return flat();
  const direction = delta > 0 ? 'up' : 'down';
  const good = options.lowerIsBetter ? delta < 0 : delta > 0;
  const amount = kind === 'points' ? `${Math.abs(delta).toFixed(1)} percentage points` : `${Math.abs(delta)}%`;
  return {
    text,
    direction,
    good,
    description: `${direction === 'up' ? 'Up' : 'Down'} ${amount} on the previous period`,
    versus: VERSUS,
  };
}

const VERSUS = 'vs previous period';

function flat(): Change {
  return {
    text: 'No change',
    direction: 'flat',
    good: null,
    description: 'No change on the previous period',
    versus: VERSUS,
  };
}

/** A figure where the previous period had none: no change figure to give. */
function fresh(): Change {
  return {
    text: 'New',
    direction: 'flat',
    good: null,
    description: 'New: none in the previous period',
    versus: 'none in the previous period',
  };
}
