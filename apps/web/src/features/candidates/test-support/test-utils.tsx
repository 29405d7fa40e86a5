import type { ReactElement } from 'react';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Candidate } from '@recruitdesk/contracts/candidates';
import type { CandidateDetail } from '@recruitdesk/contracts/pipelines';
import { baseApi } from '@/lib/base-api';
import { uiReducer } from '@/lib/ui-slice';
import { Where } from '@/test/render';
import { candidatesReducer } from '../candidates-slice';

/** A store like the app's, with the candidates slice. */
export function makeCandidatesStore() {
  return configureStore({
    reducer: combineReducers({ ui: uiReducer, candidates: candidatesReducer, [baseApi.reducerPath]: baseApi.reducer }),
    middleware: (gdm) => gdm().concat(baseApi.middleware),
  });
}

export function renderCandidates(element: ReactElement, options: { path?: string; initialEntry?: string } = {}) {
  const path = options.path ?? '/';
  const store = makeCandidatesStore();
  const router = createMemoryRouter(
    [
      {
        path,
        element: (
          <>
            {element}
            <Where />
          </>
        ),
      },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [options.initialEntry ?? path] },
  );
  const utils = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...utils, store, router };
}

export function buildCandidate(overrides: Partial<Candidate> = {}): Candidate {
  const first = overrides.first_name ?? 'Ada';
  const last = overrides.last_name ?? 'Lovelace';
  return {
    id: 1,
    first_name: first,
    last_name: last,
    name: `${first} ${last}`,
    email: 'ada@example.com',
    phone: '+44 20 7946 0000',
    location: 'London',
    current_title: 'Engineer',
    current_company: 'Analytical Engines',
    linkedin_url: 'https://www.linkedin.com/in/ada',
    github_url: '',
    portfolio_url: '',
    skills: ['Python', 'SQL'],
    years_experience: 6,
    desired_salary: 85000,
    desired_salary_currency: 'USD',
    status: 'active',
    source: 'Referral',
    consent_date: '2026-01-15',
    resume: null,
    processing_restricted: false,
    erased_at: null,
    created_at: '2026-02-01T09:00:00Z',
    updated_at: '2026-02-02T09:00:00Z',
    ...overrides,
  };
}

export function buildCandidateDetail(overrides: Partial<CandidateDetail> = {}): CandidateDetail {
  return {
    ...buildCandidate(overrides),
    resume_text_preview: '',
    pipelines: [],
    interviews: [],
    pipeline: null,
    notes_count: 0,
    ...overrides,
  };
}

export const PDF_TYPE = 'application/pdf';
