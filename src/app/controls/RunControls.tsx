/**
 * Play/Pause (Space anywhere outside a field), Step, Reset (which replays the
 * run: its start, seed and knob changes), speed and seed, with the simulated
 * clock and the achieved speed.
 */
import { useCallback, useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useExplorer } from '../state/explorer-store';
import { SPEED_CHOICES, useUi } from '../state/ui-store';
import { useExplorerContext } from '../explorer-context';
import { formatNs, formatRate, formatSpeed } from '../format';
import { SelectField } from './SelectField';

function Clock() {
  const { nowNs, achieved, eps, running } = useExplorer(
    useShallow((s) => ({
      nowNs: s.status.nowNs,
      achieved: s.status.achievedSpeed,
      eps: s.status.eventsPerSec,
      running: s.status.running,
    })),
  );
  return (
    <div className="clock">
      <output data-testid="clock" aria-label="Simulated time in milliseconds">
        {(nowNs / 1e6).toFixed(3)} ms
      </output>
      <span className="muted" title="Achieved speed and events per wall-clock second">
        {running && achieved > 0 ? `${formatSpeed(achieved)} · ${formatRate(eps, 'ev/s')}` : formatNs(nowNs)}
      </span>
    </div>
  );
}

/** Whether a key press belongs to what has the focus (a field, a button, a menu), not to the page. */
function ownsKeys(t: EventTarget | null): boolean {
  const el = t as HTMLElement | null;
  if (!el || !el.closest) return false;
  return !!el.closest(
    'input, select, textarea, button, a, summary, [contenteditable], dialog, [role="slider"]',
  );
}

/** Space plays and pauses, as in a media player, wherever the focus does not take the key itself. */
export function useSpaceToPlay(toggle: () => void, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== ' ' || e.repeat || e.ctrlKey || e.metaKey || e.altKey || ownsKeys(e.target)) return;
      e.preventDefault();
      toggle();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [toggle, enabled]);
}

/** The run's knob changes replay on Reset; this starts afresh from the values in force instead. */
function ReplayNote() {
  const { controller } = useExplorerContext();
  const n = useExplorer((s) => s.script.changes.length);
  if (!n) return null;
  return (
    <p className="replay-note muted small" data-testid="replay-note">
      {n} knob change{n === 1 ? '' : 's'} during this run, kept in the link; Reset replays{' '}
      {n === 1 ? 'it' : 'them'}.{' '}
      <button type="button" className="link" onClick={() => void controller.startFromCurrent()}>
        Start from the values now
      </button>
    </p>
  );
}

export function RunControls() {
  const { controller } = useExplorerContext();
  const running = useExplorer((s) => s.status.running);
  const ready = useExplorer((s) => s.ready);
  const toggle = useCallback(
    () => (useExplorer.getState().status.running ? controller.pause() : controller.play()),
    [controller],
  );
  useSpaceToPlay(toggle, ready);
  const seed = useExplorer((s) => s.seed);
  const speedId = useUi((s) => s.speedId);
  const [seedDraft, setSeedDraft] = useState<string | null>(null);
  const commitSeed = () => {
    if (seedDraft === null) return;
    const n = Math.trunc(Number(seedDraft));
    setSeedDraft(null);
    if (Number.isFinite(n) && n !== seed) void controller.reset(n);
  };
  return (
    <div className="run-controls" role="group" aria-label="Run">
      <button
        type="button"
        className="primary"
        data-testid="play"
        disabled={!ready}
        aria-pressed={running}
        onClick={() => (running ? controller.pause() : controller.play())}
      >
        {running ? 'Pause' : 'Play'}
      </button>
      <button
        type="button"
        data-testid="step"
        disabled={!ready || running}
        onClick={() => controller.step()}
        title="Advance a twentieth of the visible time span"
      >
        Step
      </button>
      <button
        type="button"
        data-testid="reset"
        disabled={!ready}
        onClick={() => void controller.reset()}
        title="Restart at t = 0 and replay this run: the same start, seed and knob changes at the same times"
      >
        Reset
      </button>
      <SelectField
        label="Speed"
        value={speedId}
        choices={SPEED_CHOICES}
        onChange={(id) => controller.setSpeed(id)}
        testId="speed"
      />
      <label className="field seed">
        <span>Seed</span>
        <input
          type="number"
          step={1}
          value={seedDraft ?? String(seed)}
          onChange={(e) => setSeedDraft(e.target.value)}
          onBlur={commitSeed}
          onKeyDown={(e) => e.key === 'Enter' && commitSeed()}
          data-testid="seed"
        />
      </label>
      <Clock />
      <ReplayNote />
    </div>
  );
}
