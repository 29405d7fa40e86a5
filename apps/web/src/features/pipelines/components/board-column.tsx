import { memo, useCallback, useLayoutEffect, useRef } from 'react';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { PIPELINE_STAGES, type PipelineStageName, type PipelineSummary } from '@recruitdesk/contracts/pipelines';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import { Skeleton } from '@/components/ui/skeleton';
import { columnName } from '../board-logic';
import { COLUMN_WIDTH, columnId } from './board-stages';
import { PipelineCardBody, type CardAction } from './pipeline-card';

/** A card that drags (pointer anywhere on it, keyboard from its handle) while it may move. */
const DraggableCard = memo(function DraggableCard({
  pipeline,
  canEdit,
  onAction,
}: {
  pipeline: PipelineSummary;
  canEdit: boolean;
  onAction: (action: CardAction, pipeline: PipelineSummary) => void;
}) {
  const movable = canEdit && pipeline.state === 'open' && pipeline.stage.name !== 'placed';
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, isDragging } = useDraggable({
    id: pipeline.id,
    data: { type: 'card', stage: pipeline.stage.name },
    disabled: !movable,
  });
  // Pointer drags start anywhere on the card; keyboard drags only from its handle (the card holds a link
  // and a menu, which keep their own Enter and Space). dnd-kit hands out new listeners whenever a drag
  // starts or ends; stable wrappers keep the memoised card bodies from re-rendering all at once.
  const latest = useRef(listeners);
  useLayoutEffect(() => {
    latest.current = listeners;
  });
  const onPointerDown = useCallback<React.PointerEventHandler>((event) => latest.current?.onPointerDown?.(event), []);
  const onKeyDown = useCallback<React.KeyboardEventHandler>((event) => latest.current?.onKeyDown?.(event), []);
  return (
    <li
      ref={setNodeRef}
      onPointerDown={movable ? onPointerDown : undefined}
      className={cn('[contain-intrinsic-size:auto_88px] [content-visibility:auto]', isDragging && 'opacity-40')}
    >
      <PipelineCardBody
        pipeline={pipeline}
        canEdit={canEdit}
        onAction={onAction}
        setHandleRef={movable ? setActivatorNodeRef : undefined}
        handleAttributes={movable ? attributes : undefined}
        onHandleKeyDown={movable ? onKeyDown : undefined}
      />
    </li>
  );
});

const ColumnCards = memo(function ColumnCards({
  cards,
  canEdit,
  onAction,
}: {
  cards: PipelineSummary[];
  canEdit: boolean;
  onAction: (action: CardAction, pipeline: PipelineSummary) => void;
}) {
  if (cards.length === 0) {
    return (
      <li className="rounded-lg border border-dashed border-gray-300 px-3 py-6 text-center text-xs text-gray-500 dark:border-white/10 dark:text-gray-400">
        No candidates
      </li>
    );
  }
  return cards.map((pipeline) => (
    <DraggableCard key={pipeline.id} pipeline={pipeline} canEdit={canEdit} onAction={onAction} />
  ));
});

/** One stage: its header with counts, a drop target for cards, its cards. */
export const Column = memo(function Column({
  stage,
  label,
  openCount,
  closedCount,
  cards,
  canEdit,
  onAction,
}: {
  stage: PipelineStageName;
  label: string;
  openCount: number;
  closedCount: number | null;
  cards: PipelineSummary[];
  canEdit: boolean;
  onAction: (action: CardAction, pipeline: PipelineSummary) => void;
}) {
  const { setNodeRef, isOver, active } = useDroppable({
    id: stage,
    data: { type: 'column', stage },
  });
  const fromHere = (active?.data.current as { stage?: string } | undefined)?.stage === stage;
  return (
    <section
      ref={setNodeRef}
      id={columnId(stage)}
      data-stage={stage}
      tabIndex={-1}
      aria-label={columnName(label, openCount, closedCount)}
      className={cn(
        COLUMN_WIDTH,
        'flex shrink-0 snap-start flex-col rounded-xl ring-2 transition-colors ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        isOver && !fromHere
          ? 'bg-brand-50 ring-brand-400 dark:bg-brand-500/10 dark:ring-brand-400/60'
          : 'bg-gray-100/80 ring-transparent dark:bg-white/[0.03]',
      )}
    >
      <header className="flex items-center justify-between gap-2 px-3 pt-3 pb-2">
        <h3 className="truncate text-sm font-semibold text-gray-900 dark:text-white">{label}</h3>
        <span aria-hidden="true" className="flex items-center gap-1">
          <Badge tone={stage === 'placed' ? 'green' : 'gray'}>{openCount}</Badge>
          {closedCount ? <Badge className="opacity-70">{`+${closedCount} closed`}</Badge> : null}
        </span>
      </header>
      <ul className="flex max-h-[70dvh] min-h-24 flex-col gap-2 overflow-y-auto px-2 pb-3 lg:max-h-[calc(100dvh-17rem)]">
        <ColumnCards cards={cards} canEdit={canEdit} onAction={onAction} />
      </ul>
    </section>
  );
});

/** The stages bar and columns while the board loads. */
export function BoardSkeleton() {
  return (
    <div className="space-y-3" aria-busy="true" aria-label="Loading the board">
      <div className="flex gap-1.5 overflow-hidden py-1 sm:px-10">
        {PIPELINE_STAGES.map((stage) => (
          <Skeleton key={stage} className="h-8 w-28 shrink-0 rounded-full" />
        ))}
      </div>
      <div className="flex gap-3 overflow-hidden">
        {PIPELINE_STAGES.map((stage) => (
          <div
            key={stage}
            className={cn(COLUMN_WIDTH, 'shrink-0 space-y-2 rounded-xl bg-gray-100/80 p-3 dark:bg-white/[0.03]')}
          >
            <Skeleton className="h-5 w-24" />
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ))}
      </div>
    </div>
  );
}
