/**
 * The note that opens the A/B and Sweep views: both start from the
 * explorer's configuration, and this is the way back to change it.
 */
import { useNav } from '../state/nav-store';

/** The line under a setup view's title: what it starts from, and the way back to change it. */
export function FromExplorerNote({ children }: { children: string }) {
  return (
    <p className="muted small">
      {children}{' '}
      <button type="button" className="link" onClick={() => useNav.getState().go('explorer')}>
        Change it in the explorer
      </button>
    </p>
  );
}
