/**
 * Says when the chosen speed is out of reach for the scenario and offers
 * fast-forward (as fast as the machine allows, no pacing to the clock). The
 * selector returns a rounded sentence, so the notice re-renders only when
 * the message changes, not on every frame.
 */
import { useEffect, useState } from 'react';
import { useExplorerContext } from '../explorer-context';
import { useExplorer } from '../state/explorer-store';
import { describeSlow, slowVerdict } from './live-speed';
import './notices.css';

/** The verdict must hold this long (two measurements) before the notice shows: a restart or a load skews the first one. */
const SUSTAIN_MS = 2000;

export function SlowNotice() {
  const { controller } = useExplorerContext();
  const message = useExplorer((s) => {
    const v = slowVerdict(s.status);
    return v ? describeSlow(v) : null;
  });
  const presetId = useExplorer((s) => s.presetId);
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const active = message !== null;
  const [sustained, setSustained] = useState(false);
  useEffect(() => {
    if (!active) {
      setSustained(false);
      return;
    }
    const id = setTimeout(() => setSustained(true), SUSTAIN_MS);
    return () => clearTimeout(id);
  }, [active]);
  if (!message || !sustained || dismissedFor === presetId) return null;
  return (
    <div className="notice" role="status" data-testid="slow-notice">
      <p>{message}</p>
      <button
        type="button"
        className="primary"
        onClick={() => controller.setSpeed('max')}
        data-testid="fast-forward"
      >
        Fast-forward
      </button>
      <button type="button" onClick={() => setDismissedFor(presetId)}>
        Keep this speed
      </button>
    </div>
  );
}
