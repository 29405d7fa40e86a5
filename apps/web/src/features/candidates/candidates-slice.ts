// In the main bundle (registered in app/store.ts next to auth and ui), loaded by the sign-in page: it imports
// only types from the contracts and from ./api, so neither zod nor the candidate endpoints load with it.
import { createSlice, isAnyOf, type ActionMatchingAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { Candidate, CandidateListItem, CandidateStatus, ExperienceRange } from '@recruitdesk/contracts/candidates';
import { baseApi } from '@/lib/base-api';
import type { CandidateListResult, candidatesApi } from './api';

/** The list's page size (spec §9). */
export const CANDIDATES_PAGE_SIZE = 10;

export interface CandidateFilters {
  search: string;
  status: CandidateStatus | '';
  /** Every listed skill must match. */
  skills: string[];
  experience: ExperienceRange | '';
}

export interface CandidatePagination {
  /** 1-based. */
  page: number;
  pageSize: number;
  totalPages: number;
  totalCount: number;
  /** Set when the server's count is its estimate of a large list (decision 023): the pager says "about". */
  countEstimated?: true;
}

/** Candidates state (spec §3–§4): the list screen reads its page and page count from here. */
export interface CandidatesState {
  /** The page on screen; with a search each row says where it matched. */
  list: CandidateListItem[];
  selectedCandidate: Candidate | null;
  filters: CandidateFilters;
  pagination: CandidatePagination;
  loading: boolean;
  error: string | null;
  /** The list request whose answer counts (an older one finishing late is ignored). */
  listRequestId: string | null;
}

export const initialCandidatesState: CandidatesState = {
  list: [],
  selectedCandidate: null,
  filters: { search: '', status: '', skills: [], experience: '' },
  pagination: { page: 1, pageSize: CANDIDATES_PAGE_SIZE, totalPages: 0, totalCount: 0 },
  loading: false,
  error: null,
  listRequestId: null,
};

export const totalPagesFor = (count: number, pageSize: number) => (pageSize > 0 ? Math.ceil(count / pageSize) : 0);

function setCount(state: CandidatesState, count: number) {
  state.pagination.totalCount = Math.max(0, count);
  state.pagination.totalPages = totalPagesFor(state.pagination.totalCount, state.pagination.pageSize);
}

/** Stores a list answer: `{results, count}` or a bare array (count = its length). */
function storeList(state: CandidatesState, payload: CandidateListResult) {
  const results = Array.isArray(payload) ? payload : payload.results;
  state.list = results;
  setCount(state, Array.isArray(payload) ? payload.length : payload.count);
  if (!Array.isArray(payload) && payload.count_estimated) state.pagination.countEstimated = true;
  else delete state.pagination.countEstimated;
  state.loading = false;
  state.error = null;
}

function replaceCandidate(state: CandidatesState, candidate: Candidate) {
  const index = state.list.findIndex((item) => item.id === candidate.id);
  if (index !== -1) state.list[index] = candidate;
  if (state.selectedCandidate?.id === candidate.id) state.selectedCandidate = candidate;
}

/** Create: the new candidate goes to the top of the list. */
function addCreated(state: CandidatesState, candidate: Candidate) {
  state.list = [candidate, ...state.list.filter((item) => item.id !== candidate.id)];
  setCount(state, state.pagination.totalCount + 1);
}

/** Delete: out of the list, and out of the selection if it was selected. */
function removeDeleted(state: CandidatesState, id: number) {
  const before = state.list.length;
  state.list = state.list.filter((item) => item.id !== id);
  if (state.list.length < before) setCount(state, state.pagination.totalCount - 1);
  if (state.selectedCandidate?.id === id) state.selectedCandidate = null;
}

type Endpoints = (typeof candidatesApi)['endpoints'];
type Status = 'pending' | 'fulfilled' | 'rejected';
type ActionOf<N extends keyof Endpoints, S extends Status> = ActionMatchingAnyOf<
  [
    S extends 'pending'
      ? Endpoints[N]['matchPending']
      : S extends 'fulfilled'
        ? Endpoints[N]['matchFulfilled']
        : Endpoints[N]['matchRejected'],
  ]
>;

/**
 * The same test as `candidatesApi.endpoints[name].matchFulfilled` (and Pending/Rejected): an RTK Query thunk
 * action of this API for that endpoint. Written out so this slice does not import the endpoints themselves.
 */
function matches<N extends keyof Endpoints, S extends Status>(name: N, status: S) {
  return (action: { type: string; meta?: unknown }): action is ActionOf<N, S> => {
    const meta = action.meta as { arg?: { endpointName?: string }; requestStatus?: string } | undefined;
    return (
      action.type.startsWith(`${baseApi.reducerPath}/`) &&
      meta?.requestStatus === status &&
      meta.arg?.endpointName === name
    );
  };
}

const candidatesSlice = createSlice({
  name: 'candidates',
  initialState: initialCandidatesState,
  reducers: {
    selectCandidate(state, action: PayloadAction<Candidate | null>) {
      state.selectedCandidate = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(matches('listCandidates', 'pending'), (state, action) => {
        const args = action.meta.arg.originalArgs;
        state.listRequestId = action.meta.requestId;
        state.loading = true;
        state.error = null;
        state.filters = {
          search: args.search ?? '',
          status: args.status ?? '',
          skills: args.skills ?? [],
          experience: args.experience ?? '',
        };
        state.pagination.page = args.page ?? 1;
        state.pagination.pageSize = args.page_size ?? CANDIDATES_PAGE_SIZE;
      })
      .addMatcher(matches('listCandidates', 'fulfilled'), (state, action) => {
        if (action.meta.requestId !== state.listRequestId) return;
        storeList(state, action.payload);
      })
      .addMatcher(matches('listCandidates', 'rejected'), (state, action) => {
        if (action.meta.requestId !== state.listRequestId) return;
        state.loading = false;
        // A cancelled request (the screen moved on) is not an error to show.
        if (action.payload?.code === 'ABORTED' || action.meta.condition) return;
        state.error = action.payload?.message ?? action.error.message ?? 'Could not load the candidates.';
      })
      .addMatcher(matches('createCandidate', 'fulfilled'), (state, action) =>
        addCreated(state, action.payload.candidate),
      )
      .addMatcher(
        isAnyOf(
          matches('updateCandidate', 'fulfilled'),
          matches('uploadResume', 'fulfilled'),
          matches('renameResume', 'fulfilled'),
        ),
        (state, action) => replaceCandidate(state, action.payload.candidate),
      )
      .addMatcher(matches('removeResume', 'fulfilled'), (state, action) => {
        if (action.payload?.candidate) replaceCandidate(state, action.payload.candidate);
      })
      .addMatcher(matches('deleteCandidate', 'fulfilled'), (state, action) =>
        removeDeleted(state, action.meta.arg.originalArgs),
      )
      .addMatcher(
        isAnyOf(matches('getCandidate', 'fulfilled'), matches('getCandidateDetail', 'fulfilled')),
        (state, action) => {
          state.selectedCandidate = action.payload.candidate;
        },
      );
  },
});

export const { selectCandidate } = candidatesSlice.actions;
export const candidatesReducer = candidatesSlice.reducer;

type WithCandidates = { candidates: CandidatesState };
export const selectCandidatesState = (state: WithCandidates) => state.candidates;
export const selectCandidatesPagination = (state: WithCandidates) => state.candidates.pagination;
export const selectSelectedCandidate = (state: WithCandidates) => state.candidates.selectedCandidate;
