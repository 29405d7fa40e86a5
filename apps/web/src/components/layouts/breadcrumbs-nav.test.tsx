import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Breadcrumbs, buildBreadcrumbs, parentCrumb } from './breadcrumbs';

const lookups = {
  role: () => ({ name: 'Senior Engineer', state: 'open', client: { id: 3, name: 'Acme Corporation' } }),
};

function renderTrail(path: string) {
  render(
    <MemoryRouter>
      <Breadcrumbs items={buildBreadcrumbs(path, lookups)} />
    </MemoryRouter>,
  );
  return screen.getByRole('navigation', { name: 'Breadcrumb' });
}

describe('the breadcrumb on a phone', () => {
  it('is a back link named after the parent (the trail is for wider screens)', () => {
    const nav = renderTrail('/roles/12');
    const back = within(nav).getByRole('link', { name: 'Back to Acme Corporation' });
    expect(back).toHaveAttribute('href', '/clients/3');
    expect(back).toHaveClass('sm:hidden');
    expect(within(nav).getByRole('list')).toHaveClass('hidden', 'sm:flex');
    expect(within(nav).getByText('Senior Engineer')).toHaveAttribute('aria-current', 'page');
  });

  it('goes back to the pipeline board from a pipeline, and to the role from the board', () => {
    expect(parentCrumb(buildBreadcrumbs('/roles/12/pipelines/7', lookups))).toMatchObject({
      label: 'Pipeline board',
      href: '/roles/12/pipelines',
    });
    expect(parentCrumb(buildBreadcrumbs('/roles/12/pipelines', lookups))).toMatchObject({
      label: 'Senior Engineer',
      href: '/roles/12',
    });
    // A crumb without a link (Edit has none before Add) is skipped.
    expect(parentCrumb(buildBreadcrumbs('/roles/12/job-qualification/add', lookups))).toMatchObject({
      href: '/roles/12',
    });
  });

  it('shows the page name when there is no parent', () => {
    const nav = renderTrail('/job-qualifications');
    expect(within(nav).queryByRole('link', { name: /^Back to/ })).not.toBeInTheDocument();
    expect(within(nav).getAllByText('Job qualifications')[0]).toHaveClass('sm:hidden');
  });
});
