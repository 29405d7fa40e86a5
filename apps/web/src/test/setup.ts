import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy…/waitFor wait up to 5 s, not 1 s: lazy routes and user-event are slow on a loaded CI machine.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // Form drafts (lib/form-draft.ts) live in sessionStorage: one test's typing is not the next one's draft.
  sessionStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});

// Headless UI's anchored menus and comboboxes watch their elements' size; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
// Headless UI waits for transitions through getAnimations (and warns when it has to polyfill it).
Element.prototype.getAnimations ??= () => [];
