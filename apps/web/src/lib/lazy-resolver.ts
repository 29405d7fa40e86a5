import type { z } from 'zod';
import type { FieldValues, Resolver } from 'react-hook-form';

export type LazyResolver<TInput extends FieldValues, TOutput> = Resolver<TInput, unknown, TOutput> & {
  /** Starts loading the schema now (e.g. when the user starts typing). */
  preload: () => void;
};

/**
 * A react-hook-form resolver whose schema (and with it the zod library) loads on first use, so a
 * screen can render before zod arrives. The sign-in page uses it to keep its first load small.
 */
export function lazyResolver<TInput extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TInput, unknown, TOutput>>,
): LazyResolver<TInput, TOutput> {
  let loading: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  const get = () => (loading ??= load());
  const resolver: Resolver<TInput, unknown, TOutput> = async (values, context, options) =>
    (await get())(values, context, options);
  return Object.assign(resolver, { preload: () => void get() });
}

/**
 * The one resolver helper for a contract schema that loads late: the schema's module (and zod with it) and
 * the zod resolver load on first use or on `preload()`. `loadSchema` is a dynamic import of the contract.
 */
export function lazySchemaResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  loadSchema: () => Promise<S>,
): LazyResolver<z.input<S>, z.output<S>> {
  return lazyResolver<z.input<S>, z.output<S>>(async () => {
    const [{ zodResolver }, schema] = await Promise.all([import('@hookform/resolvers/zod'), loadSchema()]);
    // zodResolver's overloads do not see through a generic schema; its answer is the schema's input/output.
    return zodResolver(schema) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
  });
}
