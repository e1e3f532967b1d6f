import { StrictMode } from 'react';
import { App, type AppProps } from './app';
import { AppErrorBoundary } from './app-error-boundary';

/** The root element, the same on the server and in the browser: hydration needs the very same tree. */
export function appElement(props: AppProps) {
  return (
    <StrictMode>
      <AppErrorBoundary>
        <App {...props} />
      </AppErrorBoundary>
    </StrictMode>
  );
}
