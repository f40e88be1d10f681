import { Component, type ReactNode } from 'react';
import { ErrorPage } from '../shared/components/error-page.js';
import { isChunkLoadError, reloadAfterChunkError } from './lazy-page.js';

interface State {
  error: (Error & { statusCode?: number; status?: number }) | null;
}

/** Catches what a route throws while rendering; key it by path so navigating away resets it. */
export class RouteBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error): void {
    if (isChunkLoadError(error)) reloadAfterChunkError();
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <ErrorPage status={error.statusCode ?? error.status} message={error.message} />;
  }
}
