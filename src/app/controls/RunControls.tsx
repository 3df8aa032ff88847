/** Play/Pause, Step, Reset, speed and seed, with the simulated clock and the achieved speed. */
import { useState } from 'react';
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

export function RunControls() {
  const { controller } = useExplorerContext();
  const running = useExplorer((s) => s.status.running);
  const ready = useExplorer((s) => s.ready);
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
        title="Restart at t = 0 with the current values and seed"
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
    </div>
  );
}
