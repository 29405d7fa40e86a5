import { fieldsError, type AppError } from './errors';

/** The refusal's text, per field: PostgreSQL's text cannot hold U+0000 (it answers 22021, a 500 if let through). */
export const NUL_MESSAGE =
  'This text contains a NUL character (U+0000), which cannot be stored. Remove it and try again.';

/** A record of fields: a plain object, or one on a bare prototype (the query parser's); never bytes or a stream. */
const isRecord = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
};

/**
 * Where the first NUL character sits in a parsed input (a JSON body, a query, route params, a form's
 * fields): the dotted field path the validation errors use (`candidate.first_name`, `q`), `non_field_errors`
 * for a bare string, or null when there is none. Keys count as text too. Only records and arrays are
 * walked (a Buffer or stream body is bytes, not text), without recursion, so a deep body cannot blow the stack.
 */
export function nulFieldOf(input: unknown): string | null {
  const pending: Array<{ value: unknown; path: string[] }> = [{ value: input, path: [] }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { value, path } = item;
    if (typeof value === 'string') {
      if (value.includes('\0')) return path.length ? path.join('.') : 'non_field_errors';
    } else if (Array.isArray(value)) {
      value.forEach((entry, index) => pending.push({ value: entry, path: [...path, String(index)] }));
    } else if (value !== null && typeof value === 'object' && isRecord(value)) {
      for (const [key, entry] of Object.entries(value)) {
        if (key.includes('\0')) return [...path, key.replaceAll('\0', '')].join('.') || 'non_field_errors';
        pending.push({ value: entry, path: [...path, key] });
      }
    }
  }
  return null;
}

/** The 400 (the usual validation shape) for a NUL in the named field. */
export function nulError(field: string): AppError {
  return fieldsError({ [field]: [NUL_MESSAGE] }, 'NUL_IN_TEXT');
}

/** Throws the 400 when any of the inputs holds a NUL character; the one check every boundary calls. */
export function assertNoNul(...inputs: unknown[]): void {
  for (const input of inputs) {
    const field = nulFieldOf(input);
    if (field !== null) throw nulError(field);
  }
}
