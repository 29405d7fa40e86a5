import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '../index.css';
import { AppProvider, whenRehydrated } from './provider';

// Once the persisted session is read back (microtasks), the first render is the whole app: the shell
// and the page's skeleton in one go, painted before the page's code and data arrive (docs/performance.md).
// In a transition: React draws it in slices that yield to the browser. A signed-in load has painted the
// shell's frame from the HTML already (decision 064), so one long first render would count as blocking.
void whenRehydrated().then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => root.render(<AppProvider />));
});
