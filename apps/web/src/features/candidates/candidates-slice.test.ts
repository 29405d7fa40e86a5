import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { candidatesApi } from './api';
import { candidatesReducer, initialCandidatesState, selectCandidate, totalPagesFor } from './candidates-slice';
import { buildCandidate, buildCandidateDetail, makeCandidatesStore } from './test-support/test-utils';

const fetchStub = installFetchStub();
const { endpoints } = candidatesApi;

/** Answers by method and path; anything else is a 404. */
function answer(routes: Record<string, unknown | (() => Response)>) {
  fetchStub.mock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const body = routes[key];
    if (body === undefined) return jsonResponse(404, { success: false, error: 'Not found' });
    return typeof body === 'function' ? (body as () => Response)() : jsonResponse(200, body);
  });
}

const ada = buildCandidate({ id: 1 });
const grace = buildCandidate({ id: 2, first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' });
const alan = buildCandidate({ id: 3, first_name: 'Alan', last_name: 'Turing', email: 'alan@example.com' });

async function storeWithList(count = 23) {
  const store = makeCandidatesStore();
  answer({ 'GET /api/candidates/': { results: [ada, grace, alan], count } });
  await store.dispatch(
    endpoints.listCandidates.initiate({ page: 2, page_size: 10, status: 'active', skills: ['Python'] }),
  );
  return store;
}

describe('candidates slice', () => {
  it('starts empty on page 1 with 10 a page', () => {
    expect(candidatesReducer(undefined, { type: '@@init' })).toEqual(initialCandidatesState);
    expect(initialCandidatesState).toMatchObject({
      list: [],
      selectedCandidate: null,
      filters: { search: '', status: '', skills: [], experience: '' },
      pagination: { page: 1, pageSize: 10, totalPages: 0, totalCount: 0 },
      loading: false,
      error: null,
    });
  });

  it('computes the page count as the ceiling of count / page size', () => {
    expect(totalPagesFor(0, 10)).toBe(0);
    expect(totalPagesFor(1, 10)).toBe(1);
    expect(totalPagesFor(10, 10)).toBe(1);
    expect(totalPagesFor(11, 10)).toBe(2);
    expect(totalPagesFor(1000, 10)).toBe(100);
  });

  it('stores a fetched list with its filters, page and recomputed page count', async () => {
    const store = await storeWithList(23);
    const state = store.getState().candidates;
    expect(state.list.map((c) => c.id)).toEqual([1, 2, 3]);
    expect(state.filters).toEqual({ search: '', status: 'active', skills: ['Python'], experience: '' });
    expect(state.pagination).toEqual({ page: 2, pageSize: 10, totalPages: 3, totalCount: 23 });
    expect(state.loading).toBe(false);
    expect(state.error).toBeNull();
  });

  it('is loading while the list is on its way', async () => {
    const store = makeCandidatesStore();
    answer({ 'GET /api/candidates/': { results: [], count: 0 } });
    const pending = store.dispatch(endpoints.listCandidates.initiate({ page: 1 }));
    expect(store.getState().candidates.loading).toBe(true);
    await pending;
    expect(store.getState().candidates.loading).toBe(false);
  });

  it('keeps the server\'s "estimated" flag of a large list, and drops it with the next exact answer', async () => {
    const store = makeCandidatesStore();
    answer({ 'GET /api/candidates/': { results: [ada], count: 104_870, count_estimated: true } });
    await store.dispatch(endpoints.listCandidates.initiate({ page: 1 }));
    expect(store.getState().candidates.pagination).toMatchObject({
      totalCount: 104_870,
      totalPages: 10_487,
      countEstimated: true,
    });
    answer({ 'GET /api/candidates/': { results: [ada], count: 1 } });
    await store.dispatch(endpoints.listCandidates.initiate({ page: 1, status: 'placed' }));
    expect(store.getState().candidates.pagination.countEstimated).toBeUndefined();
  });

  it('accepts a bare array: the count is its length', async () => {
    const store = makeCandidatesStore();
    answer({ 'GET /api/candidates/': [ada, grace] });
    await store.dispatch(endpoints.listCandidates.initiate({ page: 1 }));
    const state = store.getState().candidates;
    expect(state.list).toHaveLength(2);
    expect(state.pagination).toMatchObject({ totalCount: 2, totalPages: 1 });
  });

  it('stores the error message of a failed list', async () => {
    const store = makeCandidatesStore();
    answer({ 'GET /api/candidates/': () => jsonResponse(500, { success: false, error: 'Database unavailable' }) });
    await store.dispatch(endpoints.listCandidates.initiate({ page: 1 }));
    expect(store.getState().candidates).toMatchObject({ loading: false, error: 'Database unavailable' });
  });

  it('ignores an older list answer that arrives after a newer one', async () => {
    const store = makeCandidatesStore();
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    fetchStub.mock.mockImplementation(async (input) => {
      const page = new URL(String(input), 'http://localhost').searchParams.get('page');
      if (page === '1') {
        await slow;
        return jsonResponse(200, { results: [ada], count: 1 });
      }
      return jsonResponse(200, { results: [grace, alan], count: 12 });
    });
    const first = store.dispatch(endpoints.listCandidates.initiate({ page: 1 }));
    await store.dispatch(endpoints.listCandidates.initiate({ page: 2 }));
    release();
    await first;
    const state = store.getState().candidates;
    expect(state.list.map((c) => c.id)).toEqual([2, 3]);
    expect(state.pagination).toMatchObject({ page: 2, totalCount: 12, totalPages: 2 });
  });

  it('puts a created candidate at the top of the list', async () => {
    const store = await storeWithList(23);
    const created = buildCandidate({ id: 9, first_name: 'Katherine', last_name: 'Johnson' });
    answer({ 'POST /api/candidates/': { success: true, candidate: created, duplicates: [] } });
    await store.dispatch(
      endpoints.createCandidate.initiate({ first_name: 'Katherine', last_name: 'Johnson' } as never),
    );
    const state = store.getState().candidates;
    expect(state.list.map((c) => c.id)).toEqual([9, 1, 2, 3]);
    expect(state.pagination).toMatchObject({ totalCount: 24, totalPages: 3 });
  });

  it('replaces the updated candidate in the list and as the selected candidate', async () => {
    const store = await storeWithList();
    store.dispatch(selectCandidate(grace));
    const renamed = { ...grace, current_title: 'Rear Admiral' };
    answer({ 'PUT /api/candidates/2/': { success: true, candidate: renamed, duplicates: [] } });
    await store.dispatch(endpoints.updateCandidate.initiate({ id: 2, body: {} as never }));
    const state = store.getState().candidates;
    expect(state.list[1]).toEqual(renamed);
    expect(state.list.map((c) => c.id)).toEqual([1, 2, 3]);
    expect(state.selectedCandidate).toEqual(renamed);
  });

  it('leaves another selected candidate alone on update', async () => {
    const store = await storeWithList();
    store.dispatch(selectCandidate(ada));
    answer({ 'PUT /api/candidates/2/': { success: true, candidate: { ...grace, phone: '1' }, duplicates: [] } });
    await store.dispatch(endpoints.updateCandidate.initiate({ id: 2, body: {} as never }));
    expect(store.getState().candidates.selectedCandidate).toEqual(ada);
  });

  it('treats a new resume as an update of the candidate', async () => {
    const store = await storeWithList();
    const withResume = {
      ...ada,
      resume: {
        filename: 'cv.pdf',
        size: 10,
        content_type: 'application/pdf',
        uploaded_at: '2026-03-01T10:00:00Z',
        has_text: true,
      },
    };
    answer({ 'PATCH /api/candidates/1/resume/': { success: true, candidate: withResume } });
    await store.dispatch(endpoints.renameResume.initiate({ id: 1, filename: 'cv.pdf' }));
    expect(store.getState().candidates.list[0]?.resume?.filename).toBe('cv.pdf');
  });

  it('removes a deleted candidate and clears the selection when it was selected', async () => {
    const store = await storeWithList(23);
    store.dispatch(selectCandidate(grace));
    answer({ 'DELETE /api/candidates/2/': () => new Response(null, { status: 204 }) });
    await store.dispatch(endpoints.deleteCandidate.initiate(2));
    const state = store.getState().candidates;
    expect(state.list.map((c) => c.id)).toEqual([1, 3]);
    expect(state.selectedCandidate).toBeNull();
    expect(state.pagination).toMatchObject({ totalCount: 22, totalPages: 3 });
  });

  it('keeps the selection when another candidate is deleted', async () => {
    const store = await storeWithList();
    store.dispatch(selectCandidate(ada));
    answer({ 'DELETE /api/candidates/3/': () => new Response(null, { status: 204 }) });
    await store.dispatch(endpoints.deleteCandidate.initiate(3));
    expect(store.getState().candidates.selectedCandidate).toEqual(ada);
  });

  it('selects the candidate whose page was loaded', async () => {
    const store = makeCandidatesStore();
    const detail = buildCandidateDetail({ id: 4 });
    answer({ 'GET /api/candidates/4/detail/': { success: true, candidate: detail } });
    await store.dispatch(endpoints.getCandidateDetail.initiate({ id: 4 }));
    expect(store.getState().candidates.selectedCandidate?.id).toBe(4);
  });
});
