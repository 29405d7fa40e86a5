import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';

/**
 * A react-hook-form resolver from a contract schema. The form keeps what inputs hold (strings from
 * date-time and number inputs); `toBody` turns them into the contract's input first, so the messages
 * are the contract's. `version` is a placeholder here: the mutation sends the version it has.
 */
export function contractResolver<TForm extends FieldValues, TOut>(
  schema: z.ZodType<TOut>,
  toBody: (values: TForm) => Record<string, unknown>,
): Resolver<TForm, unknown, TOut> {
  const wrapped = z.preprocess((values) => ({ version: 1, ...toBody(values as TForm) }), schema);
  return zodResolver(wrapped as never) as unknown as Resolver<TForm, unknown, TOut>;
}

/** A `datetime-local` value ('2026-03-01T10:30', local time) as an ISO instant; '' stays ''. */
export function localToIso(value: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** '' → null, otherwise the text (the contract coerces numbers). */
export const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** Today as YYYY-MM-DD in local time. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Without a version: the mutation adds the one it has. */
export function withoutVersion<T extends { version?: unknown }>(body: T): Omit<T, 'version'> {
  const { version: _version, ...rest } = body;
  return rest;
}
