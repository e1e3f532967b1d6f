import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { AppErrorBoundary } from './app/app-error-boundary';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element');
createRoot(rootElement).render(
  <StrictMode>
    <AppErrorBoundary>
      <App />
    </AppErrorBoundary>
  </StrictMode>,
);
