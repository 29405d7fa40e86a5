import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';

/**
 * A react-hook-form resolver from a contract schema. The form keeps what inputs hold (strings from
 * date-time and number inputs); `toBody` turns them into the contract's input first, so the messages
 * are the contract's and the resolved values are the contract's output. `version` is a placeholder
 * here: the mutation sends the version it has.
 */
export function contractResolver<TForm extends FieldValues, S extends z.core.$ZodType>(
  schema: S,
  toBody: (values: TForm) => Record<string, unknown>,
): Resolver<TForm, unknown, z.output<S>> {
  return zodResolver(z.preprocess((values: TForm) => ({ version: 1, ...toBody(values) }), schema));
}

/** '' → null, otherwise the text (the contract coerces numbers). */
export const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value);
