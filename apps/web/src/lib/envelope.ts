// Reading an answer that may be bare or in the app's envelope (the email endpoints of issue 33).

/**
 * The server answers either the bare object or the app's envelope (`{success, <key>: …}`); both are read.
 * Lists: a bare array, `{results}` or `{<key>}`.
 */
export function itemOf<T>(body: unknown, key: string): T {
  if (body && typeof body === 'object' && key in body) return (body as Record<string, unknown>)[key] as T;
  return body as T;
}
export function listOf<T>(body: unknown, key: string): T[] {
  if (Array.isArray(body)) return body as T[];
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    const list = record.results ?? record[key];
    if (Array.isArray(list)) return list as T[];
  }
  return [];
}
