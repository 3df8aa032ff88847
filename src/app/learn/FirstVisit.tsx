/**
 * A first visit to the explorer: an unmistakable Play cue (the Play button
 * pulses until the run first plays) and the offer of the first lesson, until
 * the reader dismisses it or starts the lesson. Not shown to a link's reader,
 * who came for what the link holds.
 */
import { useEffect, useState } from 'react';
import { useExplorer } from '../state/explorer-store';
import { useNav } from '../state/nav-store';
import { useExplorerContext } from '../explorer-context';
import { LESSONS } from '../../sim/lessons/index';
import { learnSearch } from './learn-url';
import './learn.css';

const KEY = 'tsq-lab:first-visit-done';

function seen(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return true;
  }
}

function remember(): void {
  try {
    localStorage.setItem(KEY, '1');
  } catch {
    // Storage may be off (private mode): the offer just comes back next time.
  }
}

const fromLink = () => {
  const q = new URLSearchParams(location.search);
  return q.has('v') || q.has('preset');
};

export function FirstVisit() {
  const { controller } = useExplorerContext();
  const go = useNav((s) => s.go);
  const running = useExplorer((s) => s.status.running);
  const ready = useExplorer((s) => s.ready);
  const [open, setOpen] = useState(() => !seen() && !fromLink());
  const [played, setPlayed] = useState(false);

  useEffect(() => {
    if (running) setPlayed(true);
  }, [running]);

  // The cue: the explorer's own Play button pulses until the run has played once.
  useEffect(() => {
    const app = document.querySelector('.app');
    if (!app) return;
    if (open && ready && !played) app.setAttribute('data-cue', 'play');
    else app.removeAttribute('data-cue');
    return () => app.removeAttribute('data-cue');
  }, [open, ready, played]);

  if (!open) return null;
  const first = LESSONS[0];
  const close = () => {
    remember();
    setOpen(false);
  };
  const startLesson = () => {
    remember();
    history.replaceState(history.state, '', new URL(learnSearch(first.id, 0, false), location.href));
    go('learn');
  };
  return (
    <aside className="first-visit" aria-label="Getting started" data-testid="first-visit">
      <p>
        <strong>New here?</strong> TSQ Lab runs the Linux transmit path live, from the socket to the wire or
        the air. {played ? 'It has started: watch the queues fill' : 'Press Play to start it'}, or begin with
        a guided lesson: <em>{first.title}</em>.
      </p>
      <div className="first-visit-actions">
        {!played && (
          <button
            type="button"
            className="primary"
            data-testid="first-visit-play"
            onClick={() => controller.play()}
          >
            ▶ Play
          </button>
        )}
        <button type="button" data-testid="first-visit-lesson" onClick={startLesson}>
          Start the first lesson
        </button>
        <button type="button" onClick={close}>
          Not now
        </button>
      </div>
    </aside>
  );
}
