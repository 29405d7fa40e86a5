import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '@/lib/error-tracking';
import { ErrorFallback } from './error-fallback';

interface Props {
  children: ReactNode;
  fullScreen?: boolean;
}

/** The React error boundary at the app root. */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    reportError(error);
    console.error('Unhandled UI error', error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return <ErrorFallback fullScreen={this.props.fullScreen} onRetry={() => this.setState({ error: null })} />;
    }
    return this.props.children;
  }
}
