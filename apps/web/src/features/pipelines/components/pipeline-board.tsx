import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { Field as HField, Label, Switch } from '@headlessui/react';
import { Plus, Users } from 'lucide-react';
import {
  PIPELINE_STAGES,
  type PipelineHeader,
  type PipelineStageName,
  type PipelineSummary,
} from '@recruitdesk/contracts/pipelines';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { PageHeader } from '@/components/ui/page-header';
import { QueryError } from '@/components/ui/query-error';
import { RoleStateBadge } from '@/components/ui/role-state-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/base-api';
import { useAppDispatch } from '@/lib/hooks';
import { notifyError } from '@/lib/notify';
import { useUrlParams } from '@/lib/use-url-params';
import type { RoleState } from '@recruitdesk/contracts/roles';
import {
  useGetPipelineHeadersQuery,
  useListRolePipelinesQuery,
  useMovePipelineMutation,
  type PipelineTarget,
} from '../api';
import {
  columnName,
  decideMove,
  groupByStage,
  makeAnnouncements,
  SCREEN_READER_INSTRUCTIONS,
  stageLabel,
  type Columns,
} from '../board-logic';
import { columnKeyboardCoordinates } from '../keyboard';
import { ClosePipelineDialog } from './action-dialogs';
import { DeletePipelineDialog, MoveToDialog, useReopen } from './card-dialogs';
import { ExportCandidatesButton } from './export-button';
import { PipelineCardBody, type CardAction } from './pipeline-card';
import { PlacementFlow } from './placement-dialog';

export interface BoardRole {
  id: number;
  name: string;
  state: RoleState;
  openings: number;
  client: { id: number; name: string };
}

type Named = PipelineTarget & { candidate: PipelineSummary['candidate'] };

/**
 * The move rules in one place for drag, keyboard and "Move to…": nothing, a refusal toast, the placement
 * dialog, or an optimistic PATCH whose refusal (or 409 with the fresh state) shows as a toast and puts
 * the card back (or where it really is now).
 */
export function useBoardMove(openPlacement: (pipeline: Named) => void) {
  const dispatch = useAppDispatch();
  const [move] = useMovePipelineMutation();
  return useCallback(
    async (pipeline: Named, stage: PipelineStageName | null | undefined) => {
      const decision = decideMove(pipeline, stage);
      if (decision.kind === 'refuse') dispatch(notifyError(decision.message));
      else if (decision.kind === 'place') openPlacement(pipeline);
      else if (decision.kind === 'patch') {
        const result = await move({ pipeline, stage: decision.stage });
        if (result.error) dispatch(notifyError(errorMessage(result.error)));
      }
      return decision;
    },
    [dispatch, move, openPlacement],
  );
}

// Pointer first (what is under the pointer), else the column the dragged card overlaps most (keyboard).
const collisionDetection: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : rectIntersection(args);
};

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
  const onPointerDown = useCallback<React.PointerEventHandler>(
    (event) => latest.current?.onPointerDown?.(event),
    [],
  );
  const onKeyDown = useCallback<React.KeyboardEventHandler>(
    (event) => latest.current?.onKeyDown?.(event),
    [],
  );
  return (
    <li
      ref={setNodeRef}
      onPointerDown={movable ? onPointerDown : undefined}
      className={cn(
        '[contain-intrinsic-size:auto_88px] [content-visibility:auto]',
        isDragging && 'opacity-40',
      )}
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

const Column = memo(function Column({
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
      aria-label={columnName(label, openCount, closedCount)}
      className={cn(
        'flex w-72 shrink-0 snap-start flex-col rounded-xl ring-2 transition-colors ring-inset',
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

function BoardSkeleton() {
  return (
    <div className="flex gap-3 overflow-hidden" aria-busy="true" aria-label="Loading the board">
      {PIPELINE_STAGES.map((stage) => (
        <div
          key={stage}
          className="w-72 shrink-0 space-y-2 rounded-xl bg-gray-100/80 p-3 dark:bg-white/[0.03]"
        >
          <Skeleton className="h-5 w-24" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ))}
    </div>
  );
}

type Dialog = { kind: Exclude<CardAction, 'reopen'> | 'place'; pipeline: PipelineSummary } | null;

/** The columns, drag and drop (pointer and keyboard) and the card dialogs. */
export function PipelineBoard({
  roleId,
  showClosed,
  canEdit,
}: {
  roleId: number;
  showClosed: boolean;
  canEdit: boolean;
}) {
  const headers = useGetPipelineHeadersQuery(roleId);
  const list = useListRolePipelinesQuery({ roleId, state: showClosed ? 'all' : 'open' });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [activeId, setActiveId] = useState<number | null>(null);
  const [reopen] = useReopen();

  const previous = useRef<Columns | undefined>(undefined);
  const columns = useMemo(() => {
    const next = groupByStage(list.data?.pipelines ?? [], previous.current);
    previous.current = next;
    return next;
  }, [list.data]);
  const byId = useMemo(
    () => new Map((list.data?.pipelines ?? []).map((p) => [p.id, p])),
    [list.data],
  );
  const byIdRef = useRef(byId);
  byIdRef.current = byId;

  const openPlacement = useCallback(
    (pipeline: Named) => setDialog({ kind: 'place', pipeline: pipeline as PipelineSummary }),
    [],
  );
  const requestMove = useBoardMove(openPlacement);

  const onAction = useCallback(
    (action: CardAction, pipeline: PipelineSummary) => {
      if (action === 'reopen') void reopen(pipeline);
      else setDialog({ kind: action, pipeline });
    },
    [reopen],
  );

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }),
  );
  const accessibility = useMemo(
    () => ({
      screenReaderInstructions: { draggable: SCREEN_READER_INSTRUCTIONS },
      announcements: makeAnnouncements({
        name: (id) => byIdRef.current.get(Number(id))?.candidate.name ?? 'The candidate',
        pipeline: (id) => byIdRef.current.get(Number(id)),
      }),
    }),
    [],
  );

  const onDragStart = useCallback(
    (event: DragStartEvent) => setActiveId(Number(event.active.id)),
    [],
  );
  const onDragEnd = useCallback(
    (event: DragEndEvent) => {
      setActiveId(null);
      const pipeline = byIdRef.current.get(Number(event.active.id));
      const stage = (event.over?.data.current as { stage?: PipelineStageName } | undefined)?.stage;
      if (pipeline) void requestMove(pipeline, stage);
    },
    [requestMove],
  );
  const onDragCancel = useCallback(() => setActiveId(null), []);

  if (headers.isLoading || list.isLoading) return <BoardSkeleton />;
  const error = headers.error ?? list.error;
  if (error || !headers.data || !list.data) {
    return (
      <Card>
        <QueryError
          title="Could not load the pipeline"
          error={error}
          onRetry={() => {
            void headers.refetch();
            void list.refetch();
          }}
          retrying={headers.isFetching || list.isFetching}
        />
      </Card>
    );
  }

  const headerOf = new Map<PipelineStageName, PipelineHeader>(
    headers.data.headers.map((h) => [h.name, h]),
  );
  const order =
    headers.data.headers.length > 0
      ? [...headers.data.headers].sort((a, b) => a.position - b.position).map((h) => h.name)
      : [...PIPELINE_STAGES];
  const active = activeId === null ? null : (byId.get(activeId) ?? null);
  const closeDialog = () => setDialog(null);

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={collisionDetection}
        accessibility={accessibility}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={onDragCancel}
      >
        <div
          role="group"
          aria-label="Pipeline board"
          className="-mx-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-3 sm:-mx-6 sm:scroll-px-6 sm:px-6 lg:mx-0 lg:scroll-px-0 lg:px-0"
        >
          {order.map((stage) => {
            const header = headerOf.get(stage);
            return (
              <Column
                key={stage}
                stage={stage}
                label={header?.label ?? stageLabel(stage)}
                openCount={
                  header?.open_count ?? columns[stage].filter((p) => p.state === 'open').length
                }
                closedCount={showClosed ? (header?.closed_count ?? 0) : null}
                cards={columns[stage]}
                canEdit={canEdit}
                onAction={onAction}
              />
            );
          })}
        </div>
        <DragOverlay dropAnimation={null}>
          {active ? (
            <div className="w-68">
              <PipelineCardBody pipeline={active} canEdit={canEdit} onAction={onAction} overlay />
            </div>
          ) : null}
        </DragOverlay>
      </DndContext>
      <MoveToDialog
        pipeline={dialog?.kind === 'move' ? dialog.pipeline : null}
        open={dialog?.kind === 'move'}
        onClose={closeDialog}
        onMove={(pipeline, stage) => void requestMove(pipeline, stage)}
      />
      {dialog?.kind === 'close' ? (
        <ClosePipelineDialog pipeline={dialog.pipeline} open onClose={closeDialog} />
      ) : null}
      <DeletePipelineDialog
        pipeline={dialog?.kind === 'delete' ? dialog.pipeline : null}
        open={dialog?.kind === 'delete'}
        onClose={closeDialog}
      />
      <PlacementFlow
        pipeline={dialog?.kind === 'place' ? dialog.pipeline : null}
        open={dialog?.kind === 'place'}
        onClose={closeDialog}
      />
    </>
  );
}

/** /roles/{roleId}/pipelines: the role, its counts, Add candidate, Export, Show closed, and the board. */
export function PipelineBoardPage({ role, canEdit }: { role: BoardRole; canEdit: boolean }) {
  const [params, update] = useUrlParams();
  const showClosed = params.get('closed') === '1';
  const { data } = useGetPipelineHeadersQuery(role.id);
  const placed = data?.headers.find((h) => h.name === 'placed')?.open_count ?? 0;
  return (
    <div className="space-y-5">
      <PageHeader
        title={
          <Link to={paths.app.role.getHref(role.id)} className="hover:underline">
            {role.name}
          </Link>
        }
        meta={<RoleStateBadge state={role.state} />}
        description={
          <>
            <Link
              to={paths.app.client.getHref(role.client.id)}
              className="font-medium text-brand-600 hover:underline dark:text-brand-400"
            >
              {role.client.name}
            </Link>
            {data ? (
              <>
                {` · ${data.open_count} open`}
                {` · ${placed} of ${role.openings} ${role.openings === 1 ? 'opening' : 'openings'} filled`}
                {data.closed_count ? ` · ${data.closed_count} closed` : ''}
              </>
            ) : null}
          </>
        }
        actions={
          <>
            <ExportCandidatesButton roleId={role.id} />
            {canEdit && role.state !== 'closed' ? (
              <Link
                to={paths.app.pipelineCreate.getHref(role.id)}
                className={buttonClasses('primary')}
              >
                <Plus aria-hidden="true" className="size-4" />
                Add candidate
              </Link>
            ) : null}
          </>
        }
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm text-gray-500 dark:text-gray-400">
          <Users aria-hidden="true" className="size-4 shrink-0" />
          {canEdit
            ? 'Drag a card to another stage. With the keyboard: Space on its handle, then the arrow keys; or Move to… in its menu.'
            : 'The candidates in this role, by stage.'}
        </p>
        <HField className="flex items-center gap-2">
          <Switch
            checked={showClosed}
            onChange={(checked: boolean) => update({ closed: checked ? '1' : null })}
            className="group relative inline-flex h-5 w-9 shrink-0 cursor-pointer rounded-full bg-gray-200 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-checked:bg-brand-600 dark:bg-white/10 dark:data-checked:bg-brand-500"
          >
            <span
              aria-hidden="true"
              className="pointer-events-none inline-block size-4 translate-x-0.5 translate-y-0.5 rounded-full bg-white shadow-sm ring-0 transition-transform group-data-checked:translate-x-4.5"
            />
          </Switch>
          <Label className="cursor-pointer text-sm text-gray-700 select-none dark:text-gray-300">
            Show closed
          </Label>
        </HField>
      </div>
      <PipelineBoard roleId={role.id} showClosed={showClosed} canEdit={canEdit} />
    </div>
  );
}
