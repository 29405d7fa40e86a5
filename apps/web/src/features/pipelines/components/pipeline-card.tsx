import { memo, useEffect, useRef, useState, type KeyboardEventHandler, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { DraggableAttributes } from '@dnd-kit/core';
import {
  ArrowRightLeft,
  CalendarClock,
  Clock,
  EllipsisVertical,
  ExternalLink,
  GripVertical,
  RotateCcw,
  Trash2,
  XCircle,
} from 'lucide-react';
import {
  needsStatusConfirmation,
  PIPELINE_CLOSE_REASON_LABELS,
  type PipelineSummary,
} from '@recruitdesk/contracts/pipelines';
import { CandidateStatusBadge } from '@/components/ui/candidate-status-badge';
import { cn } from '@/components/ui/cn';
import { Menu, MenuAction, MenuButton, MenuLink, MenuPanel, MenuSeparator } from '@/components/ui/menu';
import { paths } from '@/config/paths';
import { useDateFormat } from '@/lib/time-zone';
import { canMove, daysInStage, daysInStageLabel } from '../board-logic';

const menuButtonClasses =
  'inline-flex size-7 items-center justify-center rounded-md text-gray-400 hover:bg-gray-100 hover:text-gray-700 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-white/10 dark:hover:text-gray-200';

/**
 * The card's menu. A Headless UI menu per card is costly on a 500-card board, so each card starts with a
 * plain button that becomes the real menu when a mouse comes near, it gets focus from the keyboard, or it
 * is tapped (then it opens at once). A tap swaps the button only at its click, the tap's last event: swapped
 * at the touch (or at the focus the touch gives), the tap's own click reached the new menu button and shut
 * the menu it had just opened (issue 29 item o).
 */
function CardMenu({ name, children }: { name: string; children: ReactNode }) {
  const [armed, setArmed] = useState(false);
  const next = useRef<'focus' | 'open' | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const touching = useRef(false);
  useEffect(() => {
    if (!armed || !next.current) return;
    if (next.current === 'open') button.current?.click();
    else button.current?.focus();
    next.current = null;
  }, [armed]);
  const arm = (then: 'focus' | 'open' | null) => {
    if (armed) return;
    next.current = then;
    setArmed(true);
  };
  if (!armed) {
    return (
      <button
        type="button"
        aria-label={`Actions for ${name}`}
        aria-haspopup="menu"
        aria-expanded={false}
        className={cn('-my-1 -mr-1 shrink-0', menuButtonClasses)}
        onPointerEnter={(event) => event.pointerType === 'mouse' && arm(null)}
        onPointerDown={(event) => {
          touching.current = event.pointerType !== 'mouse';
        }}
        onFocus={() => !touching.current && arm('focus')}
        onClick={() => {
          touching.current = false;
          arm('open');
        }}
      >
        <EllipsisVertical aria-hidden="true" className="size-4" />
      </button>
    );
  }
  return (
    <Menu as="div" className="relative -my-1 -mr-1 shrink-0">
      <MenuButton ref={button} aria-label={`Actions for ${name}`} className={menuButtonClasses}>
        <EllipsisVertical aria-hidden="true" className="size-4" />
      </MenuButton>
      <MenuPanel className="w-48">{children}</MenuPanel>
    </Menu>
  );
}

export type CardAction = 'move' | 'close' | 'reopen' | 'delete';

export interface CardProps {
  pipeline: PipelineSummary;
  canEdit: boolean;
  onAction: (action: CardAction, pipeline: PipelineSummary) => void;
  /** The drag handle's wiring (absent for cards that cannot move, and in the drag overlay). */
  setHandleRef?: ((element: HTMLElement | null) => void) | undefined;
  handleAttributes?: DraggableAttributes | undefined;
  onHandleKeyDown?: KeyboardEventHandler | undefined;
  overlay?: boolean;
}

/** What a card shows; memoised so a drag re-renders only the dragged card and the columns involved. */
export const PipelineCardBody = memo(function PipelineCardBody({
  pipeline,
  canEdit,
  onAction,
  setHandleRef,
  handleAttributes,
  onHandleKeyDown,
  overlay = false,
}: CardProps) {
  const closed = pipeline.state === 'closed';
  const movable = canEdit && canMove(pipeline);
  const { name, current_title: title, current_company: company } = pipeline.candidate;
  const days = daysInStage(pipeline.stage_changed_at);
  const role = [title, company].filter(Boolean).join(' @ ');
  const format = useDateFormat();
  return (
    <div
      className={cn(
        'group relative rounded-lg border p-3 text-sm shadow-xs transition-shadow',
        closed
          ? 'border-dashed border-gray-300 bg-gray-50 text-gray-500 dark:border-white/10 dark:bg-white/[0.02] dark:text-gray-400'
          : 'border-gray-200 bg-white hover:shadow-sm dark:border-white/10 dark:bg-gray-900',
        overlay && 'rotate-2 shadow-lg ring-2 ring-brand-500/60',
      )}
    >
      <div className="flex items-start gap-1">
        <div className="min-w-0 flex-1">
          {overlay ? (
            <p className="truncate font-medium text-gray-900 dark:text-white">{name}</p>
          ) : (
            <Link
              to={paths.app.pipeline.getHref(pipeline.role_id, pipeline.id)}
              draggable={false}
              className={cn(
                'block truncate font-medium hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-brand-600',
                closed ? 'text-gray-600 dark:text-gray-300' : 'text-gray-900 dark:text-white',
              )}
            >
              {name}
            </Link>
          )}
          {role ? <p className="mt-0.5 truncate text-xs text-gray-500 dark:text-gray-400">{role}</p> : null}
          {needsStatusConfirmation(pipeline.candidate.status) ? (
            <p className="mt-1">
              <CandidateStatusBadge status={pipeline.candidate.status} />
            </p>
          ) : null}
        </div>
        {movable && !overlay ? (
          <button
            type="button"
            ref={setHandleRef}
            {...handleAttributes}
            onKeyDown={onHandleKeyDown}
            aria-label={`Move ${name}`}
            title="Drag to another stage, or press Space"
            className="-my-1 inline-flex size-7 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-gray-400 hover:bg-gray-100 hover:text-gray-700 focus-visible:outline-2 focus-visible:outline-brand-600 active:cursor-grabbing dark:hover:bg-white/10 dark:hover:text-gray-200"
          >
            <GripVertical aria-hidden="true" className="size-4" />
          </button>
        ) : null}
        {overlay ? (
          <GripVertical aria-hidden="true" className="size-4 shrink-0 text-gray-400" />
        ) : (
          <CardMenu name={name}>
            <MenuLink to={paths.app.pipeline.getHref(pipeline.role_id, pipeline.id)} icon={ExternalLink}>
              Open
            </MenuLink>
            {canEdit ? (
              <>
                {movable ? (
                  <MenuAction icon={ArrowRightLeft} onClick={() => onAction('move', pipeline)}>
                    Move to…
                  </MenuAction>
                ) : null}
                {closed ? (
                  <MenuAction icon={RotateCcw} onClick={() => onAction('reopen', pipeline)}>
                    Reopen
                  </MenuAction>
                ) : pipeline.stage.name !== 'placed' ? (
                  <MenuAction icon={XCircle} onClick={() => onAction('close', pipeline)}>
                    Close…
                  </MenuAction>
                ) : null}
                {pipeline.stage.name !== 'placed' ? (
                  <>
                    <MenuSeparator />
                    <MenuAction icon={Trash2} onClick={() => onAction('delete', pipeline)}>
                      Delete…
                    </MenuAction>
                  </>
                ) : null}
              </>
            ) : null}
          </CardMenu>
        )}
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-gray-500 dark:text-gray-400">
        {closed ? (
          <span className="font-medium text-gray-600 dark:text-gray-300">
            Closed
            {pipeline.close_reason ? ` · ${PIPELINE_CLOSE_REASON_LABELS[pipeline.close_reason]}` : ''}
            {pipeline.closed_at ? ` · ${format.date(pipeline.closed_at)}` : ''}
          </span>
        ) : (
          <span
            className="inline-flex items-center gap-1"
            title={`In this stage since ${format.date(pipeline.stage_changed_at)}`}
          >
            <Clock aria-hidden="true" className="size-3.5" />
            <span>
              {daysInStageLabel(days)}
              <span className="sr-only"> in this stage</span>
            </span>
          </span>
        )}
        {/* A board left open past the interview's time never shows it as the next one. */}
        {pipeline.next_interview_at && !closed && new Date(pipeline.next_interview_at).getTime() > Date.now() ? (
          <span className="inline-flex items-center gap-1 text-brand-700 dark:text-brand-300">
            <CalendarClock aria-hidden="true" className="size-3.5" />
            <span>
              <span className="sr-only">Next interview </span>
              {format.dateTime(pipeline.next_interview_at)}
            </span>
          </span>
        ) : null}
      </div>
    </div>
  );
});
