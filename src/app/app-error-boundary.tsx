import { Component, type ErrorInfo, type ReactNode } from 'react';

/**
 * The last line of defence: an error thrown while rendering anything outside a route (a notification, the update
 * prompt) would otherwise unmount the whole app and leave a blank page. Plain elements and inline styles, because
 * the theme provider itself may be what failed.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('The app failed to render:', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <main style={{ maxWidth: 480, margin: '15vh auto', padding: '0 1rem', fontFamily: 'system-ui, sans-serif' }}>
        <h1>Something went wrong</h1>
        <p>The page could not be shown. Your cart and wishlist are safe on the server.</p>
        <button type="button" onClick={() => window.location.reload()} style={{ minHeight: 44, padding: '0 1.25rem' }}>
          Reload the page
        </button>
      </main>
    );
  }
}
