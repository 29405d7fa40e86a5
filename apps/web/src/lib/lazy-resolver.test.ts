import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver';

type Values = { email: string };

describe('lazyResolver', () => {
  const inner: Resolver<Values> = async (values) => ({ values, errors: {} });

  it('loads the real resolver once, on first use, and delegates to it', async () => {
    const load = vi.fn(async () => inner);
    const resolver = lazyResolver<Values, Values>(load);
    expect(load).not.toHaveBeenCalled();

    const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];
    const first = await resolver({ email: 'a@b.co' }, undefined, options);
    const second = await resolver({ email: 'c@d.co' }, undefined, options);

    expect(first.values).toEqual({ email: 'a@b.co' });
    expect(second.values).toEqual({ email: 'c@d.co' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preload starts loading before the form is validated', () => {
    const load = vi.fn(async () => inner);
    const resolver = lazyResolver<Values, Values>(load);
    resolver.preload();
    resolver.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
