import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { UserType } from '@recruitdesk/contracts/users';
import { buildUser } from '@/test/factories';
import { Sidebar } from './sidebar';

function renderSidebar(types: UserType[], path = '/dashboard', collapsed = false) {
  const onLogout = vi.fn();
  render(
    <MemoryRouter initialEntries={[path]}>
      <Sidebar
        user={buildUser({ user_type: types })}
        onLogout={onLogout}
        collapsed={collapsed}
        onToggleCollapsed={() => {}}
      />
    </MemoryRouter>,
  );
  return { nav: screen.getByRole('navigation', { name: 'Sidebar' }), onLogout };
}

describe('sidebar', () => {
  it('shows the recruiter menu without Invoices or AI Chat', () => {
    const { nav } = renderSidebar(['recruiter']);
    for (const name of [
      'Dashboard',
      'Active',
      'Closed',
      'Indeed Posting',
      'Clients',
      'Candidates',
      'Calendar',
      'Analytics',
    ]) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav).queryByRole('link', { name: 'Invoices' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'AI Chat' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('shows Users to everyone (spec §6: other menu items are shown to everyone)', () => {
    for (const type of ['viewer', 'recruiter'] as const) {
      const { nav } = renderSidebar([type]);
      expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
      cleanup();
    }
    const { nav } = renderSidebar(['viewer']);
    expect(within(nav).queryByRole('link', { name: 'Invoices' })).not.toBeInTheDocument();
  });

  it('shows owners Invoices, AI Chat and Users', () => {
    const { nav } = renderSidebar(['owner']);
    expect(within(nav).getByRole('link', { name: 'Invoices' })).toHaveAttribute('href', '/invoices');
    expect(within(nav).getByRole('link', { name: 'AI Chat' })).toHaveAttribute('href', '/ai-chat');
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
  });

  it('shows superusers Users but not AI Chat or Invoices', () => {
    const { nav } = renderSidebar(['superuser']);
    expect(within(nav).getByRole('link', { name: 'Users' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'AI Chat' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Invoices' })).not.toBeInTheDocument();
  });

  it('marks the current page and collapses the Jobs group', async () => {
    const { nav } = renderSidebar(['recruiter'], '/jobs/active');
    expect(within(nav).getByRole('link', { name: 'Active' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    const jobs = within(nav).getByRole('button', { name: 'Jobs' });
    expect(jobs).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(jobs);
    expect(jobs).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link', { name: 'Active' })).not.toBeInTheDocument();
  });

  it('keeps accessible names in icon-only mode', () => {
    const { nav } = renderSidebar(['owner'], '/dashboard', true);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Indeed Posting' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
  });

  it('signs out from the Logout button', async () => {
    const { nav, onLogout } = renderSidebar(['recruiter']);
    await userEvent.click(within(nav).getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalled();
  });

  it('opens a hover panel on the first pointer move over its link, and Escape keeps it shut until the pointer leaves', () => {
    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <Sidebar
          user={buildUser({ user_type: ['recruiter'] })}
          onLogout={() => {}}
          onToggleCollapsed={() => {}}
          hoverPanels={{ '/jobs/active': () => <p>Active clients panel</p> }}
        />
      </MemoryRouter>,
    );
    const active = within(screen.getByRole('navigation', { name: 'Sidebar' })).getByRole('link', {
      name: 'Active',
    });
    // No mouseenter (the pointer was already resting there when the link mounted): a move opens it.
    fireEvent.mouseMove(active);
    expect(screen.getByText('Active clients panel')).toBeInTheDocument();
    fireEvent.keyDown(active, { key: 'Escape' });
    expect(screen.queryByText('Active clients panel')).not.toBeInTheDocument();
    fireEvent.mouseMove(active);
    expect(screen.queryByText('Active clients panel')).not.toBeInTheDocument();
    fireEvent.mouseLeave(active.parentElement!.closest('div')!);
    fireEvent.mouseEnter(active);
    expect(screen.getByText('Active clients panel')).toBeInTheDocument();
  });
});
