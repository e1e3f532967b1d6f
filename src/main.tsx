import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { AppErrorBoundary } from './app/app-error-boundary';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element');
const root = createRoot(rootElement);
// A transition: the first render is done in slices, so the start-up screen keeps painting meanwhile.
startTransition(() =>
  root.render(
    <StrictMode>
      <AppErrorBoundary>
        <App />
      </AppErrorBoundary>
    </StrictMode>,
  ),
);
