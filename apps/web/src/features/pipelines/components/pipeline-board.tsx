import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
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
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { PageHeader } from '@/components/ui/page-header';
import { QueryError } from '@/components/ui/query-error';
import { RoleStateBadge } from '@/components/ui/role-state-badge';
import { ClientLink } from '@/components/ui/record-link';
import { paths } from '@/config/paths';
import { useUrlParams } from '@/lib/use-url-params';
import type { RoleState } from '@recruitdesk/contracts/roles';
import { useGetPipelineHeadersQuery, useListRolePipelinesQuery } from '../api';
import {
  groupByStage,
  makeAnnouncements,
  SCREEN_READER_INSTRUCTIONS,
  stageLabel,
  type Columns,
  type NamedPipeline,
} from '../board-logic';
import { columnKeyboardCoordinates } from '../keyboard';
import { BoardSkeleton, Column } from './board-column';
import { StagesBar, useBoardScroller } from './board-stages';
import { ClosePipelineDialog } from './action-dialogs/close-pipeline-dialog';
import { DeletePipelineDialog, MoveToDialog, useReopen } from './card-dialogs';
import { ExportCandidatesButton } from './export-button';
import { PipelineCardBody, type CardAction } from './pipeline-card';
import { PlacementFlow } from './placement-dialog';
import { useBoardMove } from './use-board-move';

export interface BoardRole {
  id: number;
  name: string;
  state: RoleState;
  openings: number;
  client: { id: number; name: string };
}

// Pointer first (what is under the pointer), else the column the dragged card overlaps most (keyboard).
const collisionDetection: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : rectIntersection(args);
};

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
  const scroller = useBoardScroller();

  const previous = useRef<Columns | undefined>(undefined);
  const columns = useMemo(() => {
    const next = groupByStage(list.data?.pipelines ?? [], previous.current);
    previous.current = next;
    return next;
  }, [list.data]);
  const byId = useMemo(() => new Map((list.data?.pipelines ?? []).map((p) => [p.id, p])), [list.data]);
  const byIdRef = useRef(byId);
  byIdRef.current = byId;

  const openPlacement = useCallback(
    (pipeline: NamedPipeline) => setDialog({ kind: 'place', pipeline: pipeline as PipelineSummary }),
    [],
  );
  const { requestMove, question } = useBoardMove(openPlacement);

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

  const onDragStart = useCallback((event: DragStartEvent) => setActiveId(Number(event.active.id)), []);
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

  const headerOf = new Map<PipelineStageName, PipelineHeader>(headers.data.headers.map((h) => [h.name, h]));
  const order =
    headers.data.headers.length > 0
      ? [...headers.data.headers].sort((a, b) => a.position - b.position).map((h) => h.name)
      : [...PIPELINE_STAGES];
  const stages = order.map((stage) => {
    const header = headerOf.get(stage);
    return {
      stage,
      label: header?.label ?? stageLabel(stage),
      count: header?.open_count ?? columns[stage].filter((p) => p.state === 'open').length,
    };
  });
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
        <div className="space-y-3">
          <StagesBar
            stages={stages}
            inView={scroller.inView}
            edges={scroller.edges}
            onJump={scroller.jumpTo}
            onPage={scroller.page}
          />
          <div className="relative -mx-4 sm:-mx-6 lg:mx-0">
            <div
              ref={scroller.ref}
              id="pipeline-board-columns"
              role="group"
              aria-label="Pipeline board"
              className="flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-3 sm:scroll-px-6 sm:px-6 lg:scroll-px-0 lg:px-0"
            >
              {stages.map(({ stage, label, count }) => (
                <Column
                  key={stage}
                  stage={stage}
                  label={label}
                  openCount={count}
                  closedCount={showClosed ? (headerOf.get(stage)?.closed_count ?? 0) : null}
                  cards={columns[stage]}
                  canEdit={canEdit}
                  onAction={onAction}
                />
              ))}
            </div>
            {/* Fades at the edges say there is more board that way. */}
            <div
              aria-hidden="true"
              className={cn(
                'pointer-events-none absolute top-0 bottom-3 left-0 w-10 bg-gradient-to-r from-gray-50 to-transparent transition-opacity dark:from-gray-950',
                scroller.edges.atStart ? 'opacity-0' : 'opacity-100',
              )}
            />
            <div
              aria-hidden="true"
              className={cn(
                'pointer-events-none absolute top-0 right-0 bottom-3 w-10 bg-gradient-to-l from-gray-50 to-transparent transition-opacity dark:from-gray-950',
                scroller.edges.atEnd ? 'opacity-0' : 'opacity-100',
              )}
            />
          </div>
        </div>
        <DragOverlay dropAnimation={null}>
          {active ? (
            <div className="w-56">
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
      {dialog?.kind === 'close' ? <ClosePipelineDialog pipeline={dialog.pipeline} open onClose={closeDialog} /> : null}
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
      {question}
    </>
  );
}

/** /roles/{roleId}/pipelines: the role, its counts, Add candidate, Export, Show closed, and the board. */
/** `badges`: shown beside the role's state (the route adds the new-applications count). */
export function PipelineBoardPage({
  role,
  canEdit,
  badges,
}: {
  role: BoardRole;
  canEdit: boolean;
  badges?: ReactNode;
}) {
  const [params, update] = useUrlParams();
  const showClosed = params.get('closed') === '1';
  const { data } = useGetPipelineHeadersQuery(role.id);
  return (
    <div className="space-y-5">
      <PageHeader
        title={
          <Link to={paths.app.role.getHref(role.id)} className="hover:underline">
            {role.name}
          </Link>
        }
        meta={
          <>
            <RoleStateBadge state={role.state} />
            {badges}
          </>
        }
        description={
          <>
            <ClientLink client={role.client} />
            {data ? (
              <>
                {` · ${data.in_progress_count} in progress`}
                {` · ${data.placed_count} of ${role.openings} ${role.openings === 1 ? 'opening' : 'openings'} filled`}
                {data.closed_count ? ` · ${data.closed_count} closed` : ''}
              </>
            ) : null}
          </>
        }
        actions={
          <>
            <ExportCandidatesButton roleId={role.id} />
            {canEdit && role.state !== 'closed' ? (
              <Link to={paths.app.pipelineCreate.getHref(role.id)} className={buttonClasses('primary')}>
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
          <Label className="cursor-pointer text-sm text-gray-700 select-none dark:text-gray-300">Show closed</Label>
        </HField>
      </div>
      <PipelineBoard roleId={role.id} showClosed={showClosed} canEdit={canEdit} />
    </div>
  );
}
