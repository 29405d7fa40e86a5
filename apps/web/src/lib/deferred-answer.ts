import { useDeferredValue } from 'react';

/**
 * A query's answer as a list draws it. Store updates (RTK Query's answers) are drawn by React at once, in
 * one task: 10–25 rows of links, badges and dates were the longest tasks after a page loaded. Through this
 * hook the new answer is drawn in a background render that yields to the browser between rows; until it
 * is ready the list keeps showing what it showed (usually its skeleton). docs/performance.md.
 * Pass a value whose identity changes only when the answer does (an RTK Query result, or a memo).
 */
export function useDeferredAnswer<T>(answer: T): T {
  return useDeferredValue(answer);
}
