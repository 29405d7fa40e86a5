import { describe, expect, it } from 'vitest';
import { PIPELINE_ERRORS } from '@recruitdesk/contracts/pipelines';
import {
  columnName,
  daysInStage,
  decideMove,
  groupByStage,
  latestProposedSalary,
  placementSalaryDefault,
  makeAnnouncements,
  stageActions,
  clientOutcomeStep,
} from './board-logic';
import { columnKeyboardCoordinates } from './keyboard';
import { buildPipeline } from './test-support/test-data';

describe('decideMove', () => {
  it('patches an open pipeline to another stage, ignores the same stage', () => {
    expect(decideMove(buildPipeline({ stageName: 'sourced' }), 'submitted')).toEqual({
      kind: 'patch',
      stage: 'submitted',
    });
    expect(decideMove(buildPipeline({ stageName: 'sourced' }), 'sourced')).toEqual({
      kind: 'none',
    });
    expect(decideMove(buildPipeline(), null)).toEqual({ kind: 'none' });
  });

  it('refuses closed and placed pipelines with the contract messages', () => {
    expect(decideMove(buildPipeline({ state: 'closed' }), 'offer')).toEqual({
      kind: 'refuse',
      message: PIPELINE_ERRORS.CLOSED,
    });
    expect(decideMove(buildPipeline({ stageName: 'placed' }), 'offer')).toEqual({
      kind: 'refuse',
      message: PIPELINE_ERRORS.PLACED,
    });
  });

  it('Placed asks for the placement once submitted, and refuses before', () => {
    expect(decideMove(buildPipeline({ stageName: 'offer' }), 'placed')).toEqual({ kind: 'place' });
    expect(decideMove(buildPipeline({ stageName: 'submitted' }), 'placed')).toEqual({
      kind: 'place',
    });
    expect(decideMove(buildPipeline({ stageName: 'sourced' }), 'placed')).toEqual({
      kind: 'refuse',
      message: PIPELINE_ERRORS.SUBMITTAL_OUTCOME_STAGE,
    });
  });
});

describe('groupByStage', () => {
  it('groups, sorts open before closed and newest change first, and keeps unchanged columns', () => {
    const a = buildPipeline({
      id: 1,
      stageName: 'sourced',
      stage_changed_at: '2026-03-01T00:00:00Z',
    });
    const b = buildPipeline({
      id: 2,
      stageName: 'sourced',
      stage_changed_at: '2026-03-05T00:00:00Z',
    });
    const c = buildPipeline({
      id: 3,
      stageName: 'sourced',
      state: 'closed',
      stage_changed_at: '2026-03-09T00:00:00Z',
    });
    const d = buildPipeline({ id: 4, stageName: 'offer' });
    const first = groupByStage([a, b, c, d]);
    expect(first.sourced.map((p) => p.id)).toEqual([2, 1, 3]);
    expect(first.offer).toEqual([d]);
    const moved = {
      ...a,
      stage: { ...a.stage, name: 'offer' as const },
      stage_changed_at: '2026-03-10T00:00:00Z',
    };
    const second = groupByStage([moved, b, c, d], first);
    expect(second.submitted).toBe(first.submitted);
    expect(second.sourced).not.toBe(first.sourced);
    expect(second.offer.map((p) => p.id)).toEqual([1, 4]);
  });
});

describe('labels', () => {
  it('names columns with their counts', () => {
    expect(columnName('Submitted', 4, null)).toBe('Submitted, 4 candidates');
    expect(columnName('Offer', 1, null)).toBe('Offer, 1 candidate');
    expect(columnName('Sourced', 3, 2)).toBe('Sourced, 3 candidates, 2 closed');
  });

  it('counts whole days in the stage', () => {
    expect(daysInStage('2026-03-01T09:00:00Z', new Date('2026-03-04T10:00:00Z'))).toBe(3);
    expect(daysInStage('2026-03-01T09:00:00Z', new Date('2026-03-01T10:00:00Z'))).toBe(0);
  });

  it('announces the candidate and the column', () => {
    const ada = buildPipeline({ id: 7, stageName: 'sourced' });
    const announcements = makeAnnouncements({ name: () => 'Ada Lovelace', pipeline: () => ada });
    expect(announcements.onDragStart({ active: { id: 7 } })).toBe('Picked up Ada Lovelace, in Sourced.');
    expect(announcements.onDragOver({ active: { id: 7 }, over: { id: 'submitted' } })).toBe(
      'Ada Lovelace is over Submitted.',
    );
    expect(announcements.onDragEnd({ active: { id: 7 }, over: { id: 'submitted' } })).toBe(
      'Moved Ada Lovelace to Submitted.',
    );
    expect(announcements.onDragEnd({ active: { id: 7 }, over: { id: 'placed' } })).toMatch(
      /^Ada Lovelace was not moved\./,
    );
    expect(announcements.onDragCancel({ active: { id: 7 } })).toBe('Moving cancelled. Ada Lovelace stays in Sourced.');
  });

  it('prefills the placement salary from the newest submittal', () => {
    expect(
      latestProposedSalary([
        { id: 1, submitted_on: '2026-01-01', proposed_salary: 80000 },
        { id: 2, submitted_on: '2026-02-01', proposed_salary: 85000 },
      ]),
    ).toBe(85000);
    expect(latestProposedSalary([])).toBeNull();
  });

  it('prefills the placement salary from the offer when one was made, else the newest submittal', () => {
    const submittals = [{ id: 1, submitted_on: '2026-01-01', proposed_salary: 158000 }];
    const offer = { salary: 160000, answer: null };
    expect(placementSalaryDefault(offer, submittals)).toEqual({ salary: 160000, from: 'offer' });
    expect(placementSalaryDefault({ ...offer, answer: 'accepted' }, submittals)).toEqual({
      salary: 160000,
      from: 'offer',
    });
    // A declined offer, or one without a salary, leaves the submittal's.
    expect(placementSalaryDefault({ ...offer, answer: 'declined' }, submittals)).toEqual({
      salary: 158000,
      from: 'submittal',
    });
    expect(placementSalaryDefault({ salary: null, answer: null }, submittals)).toEqual({
      salary: 158000,
      from: 'submittal',
    });
    expect(placementSalaryDefault(null, [])).toBeNull();
  });
});

describe('stageActions', () => {
  it('offers what the current stage allows', () => {
    expect(stageActions(buildPipeline({ stageName: 'sourced' }), [])).toEqual([
      'book-interview',
      'submit-pending',
      'submittal',
    ]);
    expect(
      stageActions(buildPipeline({ stageName: 'internal_interview' }), [{ kind: 'internal', outcome: 'pending' }])[0],
    ).toBe('interview-outcome');
    expect(stageActions(buildPipeline({ stageName: 'internal_interview' }), [])).not.toContain('interview-outcome');
    expect(stageActions(buildPipeline({ stageName: 'submit_pending' }), [])).toEqual(['submittal']);
    expect(stageActions(buildPipeline({ stageName: 'offer' }), [])).toEqual(['client-outcome']);
    // A booked client interview adds no second button beside "Record client outcome" (issue 29 item l).
    expect(
      stageActions(buildPipeline({ stageName: 'client_interview' }), [{ kind: 'client', outcome: 'pending' }]),
    ).toEqual(['client-outcome']);
    expect(stageActions(buildPipeline({ stageName: 'placed' }), [])).toEqual([]);
    expect(stageActions(buildPipeline({ state: 'closed' }), [])).toEqual([]);
  });
});

describe('clientOutcomeStep', () => {
  it("records a held client interview's outcome first, else the client's decision", () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const client = (scheduled_at: string, outcome = 'pending') => ({ kind: 'client', outcome, scheduled_at });
    expect(clientOutcomeStep([client('2026-03-01T09:00:00Z')], now)).toBe('interview');
    // Still to come (tomorrow): its outcome cannot be known; the decision asks about it.
    expect(clientOutcomeStep([client('2026-03-02T09:00:00Z')], now)).toBe('decision');
    expect(clientOutcomeStep([client('2026-02-01T09:00:00Z', 'passed')], now)).toBe('decision');
    expect(clientOutcomeStep([], now)).toBe('decision');
  });
});

describe('columnKeyboardCoordinates', () => {
  const rect = (left: number) => ({
    left,
    top: 100,
    width: 280,
    height: 600,
    right: left + 280,
    bottom: 700,
  });
  const columns = ['sourced', 'internal_interview', 'submit_pending'];
  const context = (over: string | null) =>
    ({
      active: { id: 1, data: { current: { stage: 'sourced' } } },
      collisionRect: { left: 10, top: 150, width: 260, height: 80, right: 270, bottom: 230 },
      droppableRects: new Map(columns.map((id, i) => [id, rect(i * 300)])),
      droppableContainers: {
        getEnabled: () => columns.map((id) => ({ id, data: { current: { type: 'column' } } })),
      },
      over: over ? { id: over } : null,
    }) as never;
  const key = (code: string) => ({ code, preventDefault: () => undefined }) as KeyboardEvent;

  it('jumps to the centre of the next or previous column', () => {
    expect(
      columnKeyboardCoordinates(key('ArrowRight'), {
        active: 1,
        currentCoordinates: { x: 10, y: 150 },
        context: context(null),
      }),
    ).toEqual({
      x: 310,
      y: 150,
    });
    expect(
      columnKeyboardCoordinates(key('ArrowLeft'), {
        active: 1,
        currentCoordinates: { x: 310, y: 150 },
        context: context('internal_interview'),
      }),
    ).toEqual({ x: 10, y: 150 });
  });

  it('stays at the ends and ignores up and down', () => {
    expect(
      columnKeyboardCoordinates(key('ArrowLeft'), {
        active: 1,
        currentCoordinates: { x: 10, y: 150 },
        context: context('sourced'),
      }),
    ).toBeUndefined();
    expect(
      columnKeyboardCoordinates(key('ArrowDown'), {
        active: 1,
        currentCoordinates: { x: 10, y: 150 },
        context: context(null),
      }),
    ).toBeUndefined();
  });
});
