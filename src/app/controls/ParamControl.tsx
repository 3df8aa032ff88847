/**
 * One knob generated from its ParamSpec: a slider (linear or log, with ticks
 * and a marker at the kernel default) plus a number field that reads and
 * writes values as links do (128K, 1G; ./param-field.ts), or a select, or
 * a checkbox; unit, one-line help, kernel file, and the core's error inline.
 */
import { useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { useExplorerContext } from '../explorer-context';
import { useExplorer } from '../state/explorer-store';
import { formatTick, formatValue } from '../format';
import { fieldText, parseField, takesSuffix } from './param-field';
import { sliderModel, stepKey, stepValue, type SliderModel } from './slider-scale';
import { holdKnob } from './knob-in-hand';
import type { ParamSpec, ParamValue } from '../../worker/protocol';
import { GlossaryText } from '../learn/GlossaryText';

const idOf = (key: string) => `p-${key.replace(/[^a-zA-Z0-9_-]/g, '-')}`;

/** The core reports a knob left at its era default as null (or the string 'null'). */
export const isUnset = (v: ParamValue | null | undefined) => v === undefined || v === null || v === 'null';

function valueText(spec: ParamSpec, v: ParamValue | undefined): string {
  if (isUnset(v))
    return spec.kernelDefault !== undefined && !isUnset(spec.kernelDefault)
      ? `default (${valueText(spec, spec.kernelDefault)})`
      : '–';
  if (typeof v === 'number') return formatValue(v, spec.unit);
  return spec.options?.find((o) => o.value === v)?.label ?? String(v);
}

/**
 * Tick positions: the slider's min and max at its ends, then its marked
 * values; labels only where they do not crowd another label (about 28 px on
 * a 260 px track).
 */
export function tickMarks(
  spec: ParamSpec,
  m: SliderModel,
): { t: number; p: number; label: boolean; end?: boolean }[] {
  const ends = [spec.min, spec.max].filter((v): v is number => v !== undefined);
  const labelled = ends.map((t) => m.percent(t));
  const inner = (spec.ticks ?? [])
    .filter((t) => !ends.includes(t))
    .map((t) => {
      const p = m.percent(t);
      const label = labelled.every((q) => Math.abs(p - q) >= 11);
      if (label) labelled.push(p);
      return { t, p, label };
    });
  return [...ends.map((t) => ({ t, p: m.percent(t), label: true, end: true })), ...inner];
}

/** Arrow keys, Page Up/Down: steps as people think of the knob (./slider-scale.ts stepValue). */
export function onSliderKey(
  e: KeyboardEvent<HTMLInputElement>,
  spec: ParamSpec,
  current: number,
  set: (v: number) => void,
): void {
  const k = stepKey(e.key);
  if (!k || !Number.isFinite(current)) return;
  e.preventDefault();
  const next = stepValue(spec, current, k.dir, k.big);
  if (next !== current) set(next);
}

export function ParamControl({ spec }: { spec: ParamSpec }) {
  const { controller } = useExplorerContext();
  const value = useExplorer((s) => s.values[spec.key]);
  const coreError = useExplorer((s) => s.paramErrors[spec.key]);
  const [draft, setDraft] = useState<string | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const id = idOf(spec.key);
  const error = localError ?? coreError;
  const describedBy = `${id}-help${error ? ` ${id}-err` : ''}`;
  const isDefault = isUnset(value) || (spec.kernelDefault !== undefined && value === spec.kernelDefault);

  const commitText = () => {
    if (draft === null) return;
    const v = parseField(spec.key, draft);
    if (v === null) {
      setLocalError(
        takesSuffix(spec.key) ? 'enter a number (suffixes as in 128K or 100M)' : 'enter a number',
      );
      return;
    }
    if ((spec.min !== undefined && v < spec.min) || (spec.max !== undefined && v > spec.max)) {
      setLocalError(
        `must be between ${formatValue(spec.min ?? -Infinity, spec.unit)} and ${formatValue(spec.max ?? Infinity, spec.unit)}`,
      );
      return;
    }
    setLocalError(null);
    void controller.setParam(spec.key, v).then((r) => {
      if (r.ok) setDraft(null);
    });
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') commitText();
    if (e.key === 'Escape') {
      setDraft(null);
      setLocalError(null);
    }
  };

  let input: ReactNode;
  if (spec.kind === 'enum') {
    input = (
      <select
        id={id}
        value={String(value ?? '')}
        aria-describedby={describedBy}
        aria-invalid={!!error}
        onChange={(e) => {
          const opt = spec.options?.find((o) => String(o.value) === e.target.value);
          if (opt) void controller.setParam(spec.key, opt.value);
        }}
      >
        {spec.options?.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
            {o.value === spec.kernelDefault ? ' (kernel default)' : ''}
          </option>
        ))}
      </select>
    );
  } else if (spec.kind === 'bool') {
    input = (
      <input
        id={id}
        type="checkbox"
        checked={value === true}
        aria-describedby={describedBy}
        aria-invalid={!!error}
        onChange={(e) => void controller.setParam(spec.key, e.target.checked)}
      />
    );
  } else {
    const m = sliderModel(spec);
    const num =
      typeof value === 'number' ? value : typeof spec.kernelDefault === 'number' ? spec.kernelDefault : NaN;
    input = (
      <div className="numeric">
        {m && (
          <div className="slider">
            <input
              type="range"
              min={m.min}
              max={m.max}
              step={m.step}
              value={Number.isFinite(num) ? m.toPos(num) : m.min}
              aria-labelledby={`${id}-label`}
              aria-valuetext={valueText(spec, value)}
              aria-describedby={describedBy}
              data-testid={`slider-${spec.key}`}
              onKeyDown={(e) =>
                onSliderKey(e, spec, num, (v) => {
                  setDraft(null);
                  setLocalError(null);
                  controller.setParamLive(spec.key, v);
                })
              }
              onChange={(e) => {
                setDraft(null);
                setLocalError(null);
                controller.setParamLive(spec.key, m.fromPos(Number(e.target.value)));
              }}
            />
            <div className="slider-scale" aria-hidden="true">
              {typeof spec.kernelDefault === 'number' && (
                <span
                  className="default-mark"
                  style={{ '--p': m.percent(spec.kernelDefault) } as CSSProperties}
                  title={`kernel default ${valueText(spec, spec.kernelDefault)}`}
                >
                  ▲
                </span>
              )}
              {tickMarks(spec, m).map(({ t, p, label, end }) => (
                <span
                  key={t}
                  className={end ? `tick end ${p === 0 ? 'min' : 'max'}` : 'tick'}
                  style={{ '--p': p } as CSSProperties}
                  title={end ? `${p === 0 ? 'minimum' : 'maximum'} ${valueText(spec, t)}` : undefined}
                >
                  {label && formatTick(t, spec.unit)}
                </span>
              ))}
            </div>
          </div>
        )}
        <input
          id={id}
          className="num-field"
          type="text"
          inputMode={takesSuffix(spec.key) ? 'text' : 'decimal'}
          spellCheck={false}
          autoComplete="off"
          value={draft ?? fieldText(spec.key, num)}
          aria-describedby={describedBy}
          aria-invalid={!!error}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commitText}
          onKeyDown={onKey}
        />
        {spec.unit && <span className="unit">{spec.unit}</span>}
      </div>
    );
  }

  return (
    <div
      className={`param${error ? ' has-error' : ''}`}
      data-param={spec.key}
      onPointerDownCapture={() => holdKnob(spec.key)}
      onFocusCapture={() => holdKnob(spec.key)}
    >
      <div className="param-head">
        <label id={`${id}-label`} htmlFor={id}>
          {spec.label}
        </label>
        <span className="param-value">{valueText(spec, value)}</span>
        {!spec.live && (
          <span className="badge" title="Changing this restarts the run from t = 0">
            restarts
          </span>
        )}
        {spec.kernelDefault !== undefined && !isDefault && (
          <button
            type="button"
            className="link"
            onClick={() => void controller.setParam(spec.key, spec.kernelDefault!)}
            aria-label={`Set ${spec.label} to the kernel default ${valueText(spec, spec.kernelDefault)}`}
          >
            default
          </button>
        )}
      </div>
      {input}
      {error && (
        <p id={`${id}-err`} className="param-error" role="alert">
          {error}
        </p>
      )}
      <p id={`${id}-help`} className="help">
        <GlossaryText text={spec.help} /> <code>{spec.kernelFile}</code>
        {spec.kernelDefault !== undefined && <> · default {valueText(spec, spec.kernelDefault)}</>}
      </p>
    </div>
  );
}
