import { useCallback, useEffect, useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { PipelineStageName } from '@recruitdesk/contracts/pipelines';
import { cn } from '@/components/ui/cn';

/**
 * One column's width, shared by the board and its skeleton. Seven columns never fit beside the sidebar
 * (1440 px leaves about 1,100), so the board scrolls sideways and the stages bar shows all seven at once.
 * On a phone a column takes most of the screen and the next one peeks in.
 */
export const COLUMN_WIDTH = 'w-[82vw] max-w-72 sm:w-60';

export const columnId = (stage: PipelineStageName) => `board-stage-${stage}`;

type Edges = { atStart: boolean; atEnd: boolean };

const motion = (): ScrollBehavior =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';

/**
 * The board's horizontal scroller: whether it can scroll either way, which columns are in view, a jump
 * to a stage's column (which then takes focus, for keyboard users) and a page left or right.
 * Pass `ref` as the scroller's ref; columns carry `data-stage`.
 */
export function useBoardScroller() {
  const [node, ref] = useState<HTMLDivElement | null>(null);
  const [edges, setEdges] = useState<Edges>({ atStart: true, atEnd: true });
  const [inView, setInView] = useState<ReadonlySet<PipelineStageName>>(() => new Set());

  useEffect(() => {
    if (!node) return;
    const update = () =>
      setEdges((previous) => {
        const next = {
          atStart: node.scrollLeft <= 1,
          atEnd: node.scrollLeft + node.clientWidth >= node.scrollWidth - 1,
        };
        return next.atStart === previous.atStart && next.atEnd === previous.atEnd ? previous : next;
      });
    update();
    node.addEventListener('scroll', update, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resize?.observe(node);
    return () => {
      node.removeEventListener('scroll', update);
      resize?.disconnect();
    };
  }, [node]);

  useEffect(() => {
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) =>
        setInView((previous) => {
          const next = new Set(previous);
          for (const entry of entries) {
            const stage = (entry.target as HTMLElement).dataset.stage as PipelineStageName;
            if (entry.intersectionRatio >= 0.6) next.add(stage);
            else next.delete(stage);
          }
          return next;
        }),
      { root: node, threshold: [0, 0.6, 1] },
    );
    node.querySelectorAll('[data-stage]').forEach((column) => observer.observe(column));
    return () => observer.disconnect();
  }, [node]);

  const jumpTo = useCallback(
    (stage: PipelineStageName) => {
      const column = node?.querySelector<HTMLElement>(`[data-stage="${stage}"]`);
      if (!column) return;
      column.scrollIntoView?.({ behavior: motion(), inline: 'start', block: 'nearest' });
      column.focus({ preventScroll: true });
    },
    [node],
  );

  const page = useCallback(
    (direction: -1 | 1) => {
      if (!node) return;
      const column = node.querySelector<HTMLElement>('[data-stage]')?.offsetWidth || 240;
      node.scrollBy?.({ left: direction * Math.max(column, node.clientWidth - column), behavior: motion() });
    },
    [node],
  );

  return { ref, edges, inView, jumpTo, page };
}

export interface StageSummary {
  stage: PipelineStageName;
  label: string;
  count: number;
}

const arrowClasses =
  'hidden size-8 shrink-0 items-center justify-center rounded-lg text-gray-600 ring-1 ring-gray-300 ring-inset hover:bg-white hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent sm:inline-flex dark:text-gray-300 dark:ring-white/10 dark:hover:bg-white/5 dark:hover:text-white';

/**
 * Every stage with its count at a glance: a button jumps to that column; the stages in view are
 * highlighted, so the bar also shows where the board is scrolled. Arrows page the board sideways.
 */
export function StagesBar({
  stages,
  inView,
  edges,
  onJump,
  onPage,
}: {
  stages: StageSummary[];
  inView: ReadonlySet<PipelineStageName>;
  edges: Edges;
  onJump: (stage: PipelineStageName) => void;
  onPage: (direction: -1 | 1) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        className={arrowClasses}
        aria-label="Scroll the board left"
        aria-controls="pipeline-board-columns"
        disabled={edges.atStart}
        onClick={() => onPage(-1)}
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
      </button>
      <nav aria-label="Stages" className="min-w-0 flex-1">
        <ol className="-mx-1 flex gap-1.5 overflow-x-auto px-1 py-1 [scrollbar-width:none]">
          {stages.map(({ stage, label, count }) => {
            const visible = inView.has(stage);
            return (
              <li key={stage} className="shrink-0">
                <button
                  type="button"
                  onClick={() => onJump(stage)}
                  aria-controls={columnId(stage)}
                  aria-label={`Go to ${label} (${count})`}
                  className={cn(
                    'inline-flex h-8 items-center gap-1.5 rounded-full px-3 text-sm font-medium whitespace-nowrap ring-1 ring-inset transition-colors',
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                    visible
                      ? 'bg-white text-gray-900 ring-gray-300 dark:bg-white/10 dark:text-white dark:ring-white/15'
                      : 'text-gray-500 ring-transparent hover:bg-white hover:text-gray-900 hover:ring-gray-300 dark:text-gray-400 dark:hover:bg-white/5 dark:hover:text-white',
                  )}
                >
                  {label}
                  <span
                    className={cn(
                      'min-w-5 rounded-full px-1.5 text-center text-xs tabular-nums',
                      stage === 'placed' && count > 0
                        ? 'bg-green-100 text-green-800 dark:bg-green-500/15 dark:text-green-300'
                        : 'bg-gray-200/80 text-gray-700 dark:bg-white/10 dark:text-gray-300',
                    )}
                  >
                    {count}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
      <button
        type="button"
        className={arrowClasses}
        aria-label="Scroll the board right"
        aria-controls="pipeline-board-columns"
        disabled={edges.atEnd}
        onClick={() => onPage(1)}
      >
        <ChevronRight aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
