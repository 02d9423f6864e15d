// A part of the page whose code is fetched on demand. When that file cannot be fetched (offline, or
// a new deploy replaced it), React would unmount the whole app to a blank page: say so where the
// part goes and offer a reload. Nothing typed is lost: the part had not been shown yet.
import { Component, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { markLive } from '../../lib/live';
import { Button } from './button';

function LoadFailed({ message }: { message?: string }) {
  const { t } = useTranslation('common');
  // A route whose page failed never marks the page live itself: the app is, and a tap kept before
  // it (this Reload, the header's buttons) must reach it (decision 0904).
  useEffect(markLive, []);
  return (
    <div role="alert" className="space-y-3" data-testid="load-failed">
      <p className="text-red-800">{message ?? t('loadFailed.text')}</p>
      <Button variant="secondary" onClick={() => window.location.reload()}>
        {t('loadFailed.reload')}
      </Button>
    </div>
  );
}

interface LoadBoundaryProps {
  children: ReactNode;
  /** What failed to load, when more can be said than "this part of the page". */
  message?: string;
  /** A change (another route) gives the part a fresh start. */
  resetKey?: unknown;
}

export class LoadBoundary extends Component<LoadBoundaryProps, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidUpdate(previous: LoadBoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }
  render() {
    return this.state.failed ? <LoadFailed message={this.props.message} /> : this.props.children;
  }
}
