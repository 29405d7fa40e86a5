import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import { PersonalDetailsForm } from './personal-details-form';

describe('personal details: the email address hint', () => {
  it('sends someone who is not an owner to an owner, and never an owner', () => {
    renderWithProviders(
      <PersonalDetailsForm user={buildUser({ user_type: ['recruiter'] })} onUserUpdated={() => {}} />,
    );
    expect(screen.getByText('Ask an owner if your email address needs to change.')).toBeInTheDocument();
    cleanup();

    renderWithProviders(<PersonalDetailsForm user={buildUser({ user_type: ['owner'] })} onUserUpdated={() => {}} />);
    expect(screen.getByLabelText('Email address')).toBeDisabled();
    expect(screen.queryByText(/ask an owner/i)).not.toBeInTheDocument();
    expect(screen.getByText('Your email address is how you sign in; it cannot be changed here.')).toBeInTheDocument();
  });
});
