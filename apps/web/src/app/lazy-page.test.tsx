import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lateComponent } from './lazy-page';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lateComponent', () => {
  it('shows the fallback, then the component with its props, mounted by its own update', async () => {
    let resolve: (component: typeof Greeting) => void = () => {};
    const Late = lateComponent(() => new Promise<typeof Greeting>((done) => (resolve = done)));
    render(<Late name="Ada" fallback={<p>Waiting</p>} />);
    expect(screen.getByText('Waiting')).toBeInTheDocument();

    await act(async () => resolve(Greeting));
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByText('Waiting')).not.toBeInTheDocument();
  });

  it('draws at once on a later mount, and loads once', async () => {
    let loads = 0;
    const Late = lateComponent(async () => {
      loads += 1;
      return Greeting;
    });
    const first = render(<Late name="Ada" fallback={<p>Waiting</p>} />);
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    first.unmount();

    render(<Late name="Grace" fallback={<p>Waiting</p>} />);
    expect(screen.getByText('Hello Grace')).toBeInTheDocument();
    expect(loads).toBe(1);
  });

  it('keeps the fallback when the load fails, and tries again on the next mount', async () => {
    let attempts = 0;
    const Late = lateComponent(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return Greeting;
    });
    const first = render(<Late name="Ada" fallback={<p>Waiting</p>} />);
    await act(async () => {});
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    first.unmount();

    render(<Late name="Ada" fallback={<p>Waiting</p>} />);
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });
});
