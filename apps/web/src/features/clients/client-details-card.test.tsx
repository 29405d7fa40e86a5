import { screen, within } from '@testing-library/react';
import type { Client } from '@recruitdesk/contracts/clients';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ClientDetailsCard } from './components/client-detail';

const client = (website: string): Client => ({
  id: 1,
  name: 'Acme',
  client_type: 'finders_fee',
  state: 'Open',
  website,
  industry: 'Fintech',
  location: '',
  contact_name: 'Dana Reyes',
  contact_email: 'dana@acme.example',
  contact_phone: '+1 555 0100',
  finders_fee_percent: 18,
  guarantee_days: 90,
  retainer_amount: null,
  retainer_instalments: [],
  payment_terms_days: 30,
  currency: 'GBP',
  owner: null,
  active_roles_count: 0,
  roles_count: 0,
  archived_at: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

describe('ClientDetailsCard', () => {
  it('shows the company, not the old copy of its main contact (the Contacts card lists the people, decision 104)', () => {
    renderWithProviders(<ClientDetailsCard client={client('https://acme.example.com')} />);
    const card = screen.getByRole('region', { name: 'Details' });
    expect(within(card).getByText('Fintech')).toBeInTheDocument();
    expect(within(card).queryByText('Dana Reyes')).not.toBeInTheDocument();
    expect(within(card).queryByText('dana@acme.example')).not.toBeInTheDocument();
    expect(within(card).queryByText('Main contact')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Contact' })).not.toBeInTheDocument();
  });

  it('links an https address', () => {
    renderWithProviders(<ClientDetailsCard client={client('https://acme.example.com')} />);
    expect(screen.getByRole('link', { name: 'acme.example.com' })).toHaveAttribute('href', 'https://acme.example.com');
  });

  it('shows an address with another scheme (older data) as text, never as a link', () => {
    renderWithProviders(<ClientDetailsCard client={client('javascript:alert(document.cookie)')} />);
    const card = screen.getByRole('region', { name: 'Details' });
    expect(within(card).getByText('javascript:alert(document.cookie)')).toBeInTheDocument();
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
  });
});
