import { vi } from 'vitest';
import type { Candidate } from '@recruitdesk/contracts/candidates';
import {
  PIPELINE_STAGE_LABELS,
  PIPELINE_STAGES,
  stagePosition,
  type PipelineDetail,
  type PipelineHeader,
  type PipelineStageName,
  type PipelineSummary,
} from '@recruitdesk/contracts/pipelines';
import { resetApiStateForTests } from '@/test/api-state';
import { jsonResponse } from '@/test/factories';

// Test data and a small fetch router for the pipeline screens' component tests.

// Headless UI's anchored menus watch their button's size; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
// Headless UI waits for transitions through getAnimations (and warns when it has to polyfill it).
Element.prototype.getAnimations ??= () => [];

export function buildPipeline(
  overrides: Partial<PipelineSummary> & { stageName?: PipelineStageName; name?: string } = {},
): PipelineSummary {
  const { stageName = 'sourced', name = 'Ada Lovelace', ...rest } = overrides;
  return {
    id: 1,
    role_id: 10,
    candidate: {
      id: 100,
      name,
      current_title: 'Engineer',
      current_company: 'Analytical',
      email: 'ada@example.test',
      status: 'active',
    },
    stage: {
      name: stageName,
      label: PIPELINE_STAGE_LABELS[stageName],
      position: stagePosition(stageName),
    },
    state: 'open',
    close_reason: null,
    close_note: '',
    recruiter: null,
    stage_changed_at: '2026-03-01T09:00:00Z',
    closed_at: null,
    next_interview_at: null,
    version: 3,
    created_at: '2026-02-01T09:00:00Z',
    updated_at: '2026-03-01T09:00:00Z',
    ...rest,
  };
}

export function buildHeaders(pipelines: PipelineSummary[]): {
  success: true;
  headers: PipelineHeader[];
  open_count: number;
  in_progress_count: number;
  placed_count: number;
  closed_count: number;
} {
  const headers = PIPELINE_STAGES.map((name, position) => ({
    name,
    label: PIPELINE_STAGE_LABELS[name],
    position,
    open_count: pipelines.filter((p) => p.stage.name === name && p.state === 'open').length,
    closed_count: pipelines.filter((p) => p.stage.name === name && p.state === 'closed').length,
  }));
  return {
    success: true,
    headers,
    open_count: headers.reduce((sum, h) => sum + h.open_count, 0),
    in_progress_count: headers.reduce((sum, h) => sum + (h.name === 'placed' ? 0 : h.open_count), 0),
    placed_count: headers.find((h) => h.name === 'placed')?.open_count ?? 0,
    closed_count: headers.reduce((sum, h) => sum + h.closed_count, 0),
  };
}

export function buildCandidate(overrides: Partial<Candidate> = {}): Candidate {
  return {
    id: 100,
    first_name: 'Ada',
    last_name: 'Lovelace',
    name: 'Ada Lovelace',
    email: 'ada@example.test',
    phone: '+44 20 7946 0000',
    location: 'London',
    current_title: 'Engineer',
    current_company: 'Analytical',
    linkedin_url: '',
    github_url: '',
    portfolio_url: '',
    skills: ['Mathematics'],
    years_experience: 8,
    desired_salary: null,
    desired_salary_currency: 'USD',
    status: 'active',
    source: '',
    consent_date: null,
    resume: null,
    processing_restricted: false,
    erased_at: null,
    created_at: '2026-01-01T09:00:00Z',
    updated_at: '2026-01-01T09:00:00Z',
    ...overrides,
  };
}

export function buildDetail(pipeline: PipelineSummary, overrides: Partial<PipelineDetail> = {}): PipelineDetail {
  return {
    pipeline,
    role: {
      id: pipeline.role_id,
      name: 'Staff Engineer',
      state: 'open',
      openings: 1,
      salary_currency: 'USD',
      client: { id: 5, name: 'Acme', client_type: 'finders_fee' },
    },
    candidate: buildCandidate({ id: pipeline.candidate.id, name: pipeline.candidate.name }),
    events: [
      {
        id: 1,
        kind: 'created',
        from_stage: null,
        to_stage: 'sourced',
        detail: '',
        actor: { id: 1, name: 'Olivia Martin' },
        contact: null,
        created_at: '2026-02-01T09:00:00Z',
      },
    ],
    events_total: 1,
    interviews: [],
    submittals: [],
    offer: null,
    placement: null,
    notes_count: 2,
    ...overrides,
  };
}

type Handler = (request: { url: URL; method: string; body: unknown }) => Response | Promise<Response>;

/** A fetch stub answering by 'METHOD /path' (query ignored); unknown calls get 404. Records JSON bodies. */
export function installRoutes() {
  const state = {
    routes: new Map<string, Handler>(),
    mock: vi.fn<typeof fetch>(),
    bodies: [] as { call: string; body: unknown }[],
  };
  beforeEach(() => {
    resetApiStateForTests();
    document.cookie = 'csrftoken=test-token; path=/';
    state.routes = new Map();
    state.bodies = [];
    state.mock = vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const key = `${method} ${url.pathname}`;
      if (method !== 'GET') state.bodies.push({ call: key, body });
      const handler = state.routes.get(key);
      return handler
        ? handler({ url, method, body })
        : jsonResponse(404, { success: false, error: `No route for ${key}` });
    });
    vi.stubGlobal('fetch', state.mock);
  });
  afterEach(() => vi.unstubAllGlobals());
  function on(key: string, handler: Handler): void;
  function on(key: string, body: object): void;
  function on(key: string, handler: Handler | object) {
    state.routes.set(key, typeof handler === 'function' ? (handler as Handler) : () => jsonResponse(200, handler));
  }
  return {
    on,
    get bodies() {
      return state.bodies;
    },
    get mock() {
      return state.mock;
    },
  };
}
