import { Component, type ReactNode } from 'react';
import { RemoteErrorPanel } from '../pages/RemoteErrorPanel';

interface State {
  failed: boolean;
}

/** A page of an area that throws or whose code cannot be fetched is replaced in place; header and sidebar stay. */
export class AreaErrorBoundary extends Component<{ children: ReactNode; area?: string }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('An area failed to render', error);
  }

  override render() {
    if (this.state.failed) {
      return <RemoteErrorPanel area={this.props.area} onRetry={() => window.location.reload()} />;
    }
    return this.props.children;
  }
}
