/**
 * On a phone the charts come first, under a compact bar that stays at the
 * top as the page scrolls: Play/Pause, the clock, the knob in hand (the one
 * last moved, else the preset's first live knob) as a slider or a select,
 * and Parameters, one tap away, as a sheet over the lower half of the
 * screen, so a chart and the knob being moved are on screen together.
 * Rendered only on narrow screens (its own ids and test ids never repeat
 * the full controls').
 */
import { useSyncExternalStore, type CSSProperties } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useExplorer } from '../state/explorer-store';
import { useExplorerContext } from '../explorer-context';
import { formatValue } from '../format';
import type { ParamSpec } from '../../worker/protocol';
import { ERA_KEY } from './ControlsPanel';
import { isUnset, onSliderKey } from './ParamControl';
import { sliderModel } from './slider-scale';
import { setSheet, useKnobInHand } from './knob-in-hand';

export const PHONE_QUERY = '(max-width: 699px)';

/** Whether the screen is narrow, following changes (rotation, a resized window). */
export function usePhone(): boolean {
  return useSyncExternalStore(
    (cb) => {
      const mq = matchMedia(PHONE_QUERY);
      mq.addEventListener('change', cb);
      return () => mq.removeEventListener('change', cb);
    },
    () => matchMedia(PHONE_QUERY).matches,
  );
}

function CompactKnob({ spec }: { spec: ParamSpec }) {
  const { controller } = useExplorerContext();
  const value = useExplorer((s) => s.values[spec.key]);
  const num =
    typeof value === 'number' ? value : typeof spec.kernelDefault === 'number' ? spec.kernelDefault : NaN;
  const text = isUnset(value)
    ? 'default'
    : typeof value === 'number'
      ? formatValue(value, spec.unit)
      : String(spec.options?.find((o) => o.value === value)?.label ?? value);
  const id = `bar-${spec.key.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
  const m = sliderModel(spec);
  let input;
  if (spec.kind === 'enum')
    input = (
      <select
        id={id}
        value={String(value ?? '')}
        data-testid="bar-knob"
        onChange={(e) => {
          const o = spec.options?.find((x) => String(x.value) === e.target.value);
          if (o) void controller.setParam(spec.key, o.value);
        }}
      >
        {spec.options?.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    );
  else if (spec.kind === 'bool')
    input = (
      <input
        id={id}
        type="checkbox"
        data-testid="bar-knob"
        checked={value === true}
        onChange={(e) => void controller.setParam(spec.key, e.target.checked)}
      />
    );
  else if (m)
    input = (
      <input
        id={id}
        type="range"
        min={m.min}
        max={m.max}
        step={m.step}
        value={Number.isFinite(num) ? m.toPos(num) : m.min}
        aria-valuetext={text}
        data-testid="bar-knob"
        style={{ '--fill': `${Number.isFinite(num) ? m.percent(num) : 0}%` } as CSSProperties}
        onKeyDown={(e) => onSliderKey(e, spec, num, (v) => controller.setParamLive(spec.key, v))}
        onChange={(e) => controller.setParamLive(spec.key, m.fromPos(Number(e.target.value)))}
      />
    );
  else return null;
  return (
    <div className="bar-knob">
      <label htmlFor={id}>{spec.label}</label>
      <output htmlFor={id}>{text}</output>
      {input}
    </div>
  );
}

export function PhoneBar() {
  const { controller } = useExplorerContext();
  const { running, ready, nowNs, params } = useExplorer(
    useShallow((s) => ({
      running: s.status.running,
      ready: s.ready,
      nowNs: s.status.nowNs,
      params: s.params,
    })),
  );
  const { key, sheet } = useKnobInHand();
  const knobs = params.filter((p) => p.key !== ERA_KEY);
  const spec =
    knobs.find((p) => p.key === key) ??
    knobs.find((p) => p.live && (p.kind === 'int' || p.kind === 'float')) ??
    knobs[0];
  return (
    <div className="phone-bar" role="group" aria-label="Run and the knob in hand" data-testid="phone-bar">
      <div className="bar-row">
        <strong className="bar-title">TSQ Lab</strong>
        <button
          type="button"
          className="primary"
          data-testid="bar-play"
          disabled={!ready}
          aria-pressed={running}
          onClick={() => (running ? controller.pause() : controller.play())}
        >
          {running ? 'Pause' : 'Play'}
        </button>
        <output className="bar-clock" aria-label="Simulated time">
          {(nowNs / 1e9).toFixed(2)} s
        </output>
        <button
          type="button"
          data-testid="bar-parameters"
          aria-expanded={sheet}
          aria-controls="parameters"
          onClick={() => setSheet(!sheet)}
        >
          {sheet ? 'Close parameters' : 'Parameters'}
        </button>
      </div>
      {spec && <CompactKnob spec={spec} />}
    </div>
  );
}
