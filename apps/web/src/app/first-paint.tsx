import { lazy, type ReactNode } from 'react';

// On a cold load the shell's first paint (layout and the page's skeleton, from the main chunk) comes
// first; the page's code and the shell's own lazy parts are asked for in the frame after it. The first
// screen then waits for the entry script alone instead of sharing a slow connection's bandwidth with
// every chunk (docs/performance.md).
let scheduled = false;
let resolvePainted: () => void = () => {};
const painted = new Promise<void>((resolve) => {
  resolvePainted = resolve;
});

function schedule() {
  if (scheduled) return;
  scheduled = true;
  const mark = () => resolvePainted();
  // The browser reports a paint once it is on screen (also when it happened before: a page after signing
  // in). The first paint with text is the app's own: the shell's frame in index.html (decision 064) is
  // only shapes, so it makes a first contentful paint but never a largest-contentful-paint candidate.
  // Browsers without that entry report the first contentful paint. A hidden tab paints nothing: no
  // reason to wait there.
  const entryTypes = typeof PerformanceObserver === 'function' ? (PerformanceObserver.supportedEntryTypes ?? []) : [];
  const paintType = entryTypes.includes('largest-contentful-paint')
    ? 'largest-contentful-paint'
    : entryTypes.includes('paint')
      ? 'paint'
      : null;
  if (paintType) {
    const observer = new PerformanceObserver((list) => {
      const painted = paintType === 'paint' ? list.getEntriesByName('first-contentful-paint') : list.getEntries();
      if (!painted.length) return;
      observer.disconnect();
      setTimeout(mark, 0);
    });
    observer.observe({ type: paintType, buffered: true });
  } else if (typeof requestAnimationFrame === 'function') {
    // An animation frame runs just before the next paint; a task queued from it runs after that paint.
    requestAnimationFrame(() => setTimeout(mark, 0));
  } else {
    setTimeout(mark, 0);
  }
  // A hidden tab, or no paint within a second: do not hold the rest back longer.
  setTimeout(mark, document.visibilityState === 'hidden' ? 0 : 1000);
}

/** Resolves once the first screen has been painted. */
export function afterFirstPaint(): Promise<void> {
  schedule();
  return painted;
}

let idleQueue: Promise<void> = Promise.resolve();

/**
 * Resolves after the first paint, in an idle moment of its own: each caller waits for the previous one's
 * idle moment, so parts that are not needed at once (the search, the account menu, the chat) start one at a
 * time while the page's code and data are on the network, each in its own short task rather than together
 * in one long one (total blocking time, docs/performance.md). A busy page still gets them within a second.
 */
export function afterIdle(): Promise<void> {
  idleQueue = idleQueue.then(afterFirstPaint).then(idleMoment);
  return idleQueue;
}

function idleMoment(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 0);
  });
}

function Passthrough({ children }: { children: ReactNode }) {
  return children;
}

// A lazy component that resolves after the first paint: suspends until then (the nearest Suspense
// boundary keeps its fallback, which then also waits for the children's code), renders at once after.
const Gate = lazy(() => afterFirstPaint().then(() => ({ default: Passthrough })));

/** Renders its children only after the first screen has been painted. */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  return <Gate>{children}</Gate>;
}
