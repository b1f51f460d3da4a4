import { Component, type ErrorInfo, type ReactNode } from 'react';
import { PageLoadFailure } from './PageLoadFailure';
import { isChunkLoadError, reloadIfNewBuild } from './newBuild';

/** Props of {@link PageErrorBoundary}. */
export interface PageErrorBoundaryProps {
  children: ReactNode;
  /** A change of this value (the address's path) clears a shown failure, so another page can render. */
  resetKey?: string;
  /** Overrides the page reload (tests). */
  reload?: () => void;
  /** Overrides fetch when asking for the deployed build (tests). */
  fetchImpl?: typeof fetch;
}

interface State {
  error: Error | null;
  /** A newer build was found and the page is reloading into it. */
  reloading: boolean;
}

/**
 * Catches a page that fails to render, most often because its code could not be loaded (offline,
 * or a chunk gone after a redeploy), and shows what happened with a Reload button instead of a
 * blank app. It sits inside the layouts, around the routed page, so the menu stays usable; moving
 * to another address clears the failure (`resetKey`). When a chunk failed and the panel now
 * serves a newer build, the page reloads into it at once (once per build, see reloadIfNewBuild).
 * A page whose code could not be fetched is tried again by itself when the browser comes back
 * online (its `online` event), so nobody has to notice the connection is back and press Reload.
 */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, State> {
  state: State = { error: null, reloading: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A page failed to load', error, info.componentStack);
    if (!isChunkLoadError(error)) return;
    window.addEventListener('online', this.retryWhenOnline);
    void reloadIfNewBuild(this.props.fetchImpl, this.props.reload).then((reloading) => {
      if (reloading) this.setState({ reloading: true });
    });
  }

  componentDidUpdate(previous: PageErrorBoundaryProps): void {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null, reloading: false });
    if (!this.state.error) window.removeEventListener('online', this.retryWhenOnline);
  }

  componentWillUnmount(): void {
    window.removeEventListener('online', this.retryWhenOnline);
  }

  // React keeps a lazy page's failed load for good, so trying again means loading the page anew.
  private retryWhenOnline = () => {
    window.removeEventListener('online', this.retryWhenOnline);
    if (!this.state.reloading) this.reload();
  };

  private reload = () => (this.props.reload ?? (() => window.location.reload()))();

  render() {
    const { error, reloading } = this.state;
    if (!error) return this.props.children;
    return <PageLoadFailure codeMissing={isChunkLoadError(error)} reloading={reloading} onReload={this.reload} />;
  }
}
