import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InlineField } from './inline-field';

function setup(onSave = vi.fn(async () => null as string | null)) {
  render(
    <dl>
      <InlineField label="Location" display="London" value="London" onSave={onSave} />
    </dl>,
  );
  return { onSave, user: userEvent.setup() };
}

describe('InlineField', () => {
  it('saves on Enter and closes the editor', async () => {
    const { onSave, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Edit Location' }));
    const input = screen.getByRole('textbox', { name: 'Location' });
    await user.clear(input);
    await user.type(input, 'Paris{Enter}');
    expect(onSave).toHaveBeenCalledWith('Paris');
    expect(screen.queryByRole('textbox', { name: 'Location' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Location' })).toHaveFocus();
  });

  it('cancels on Escape without saving', async () => {
    const { onSave, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Edit Location' }));
    await user.type(screen.getByRole('textbox', { name: 'Location' }), 'x{Escape}');
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.queryByRole('textbox', { name: 'Location' })).not.toBeInTheDocument();
    expect(screen.getByText('London')).toBeInTheDocument();
  });

  it('shows the server error inline and stays open', async () => {
    const { user } = setup(vi.fn(async () => 'Use at most 200 characters.'));
    await user.click(screen.getByRole('button', { name: 'Edit Location' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Use at most 200 characters.');
    expect(screen.getByRole('textbox', { name: 'Location' })).toHaveAttribute('aria-invalid', 'true');
  });
});
