import { createRoot } from 'react-dom/client';
import '../index.css';
import { AppProvider, whenRehydrated } from './provider';

// Once the persisted session is read back (microtasks), the first render is the whole app: the shell
// and the page's skeleton in one go, painted before the page's code and data arrive (docs/performance.md).
void whenRehydrated().then(() => {
  createRoot(document.getElementById('root')!).render(<AppProvider />);
});
