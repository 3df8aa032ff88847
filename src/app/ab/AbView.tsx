/**
 * A/B comparison: the explorer's configuration twice, one knob different
 * (shift 10 vs 8, pfifo_fast vs mac80211 TXQs…), one seed, both timelines in
 * step and a difference strip between them.
 */
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useExplorer } from '../state/explorer-store';
import { SPEED_CHOICES } from '../state/ui-store';
import { formatValue } from '../format';
import type { ParamSpec, ParamValue } from '../../worker/protocol';
import { getAbController, type AbController } from './ab-controller';
import { useAb } from './ab-store';
import { AbTimelines } from './AbTimelines';
import { COLOR_A, COLOR_B, DiffStrip } from './DiffStrip';
import { alternativeValue, inputText, parseValue } from './ab-values';
import { FromExplorerNote, SetupPicker } from '../controls/SetupPicker';
import { SelectField } from '../controls/SelectField';

function ValueInput({
  spec,
  value,
  onChange,
  testId,
}: {
  spec: ParamSpec;
  value: string;
  onChange: (v: string) => void;
  testId: string;
}) {
  if (spec.kind === 'enum' || spec.kind === 'bool') {
    const opts =
      spec.kind === 'bool'
        ? [
            { value: 'true', label: 'on' },
            { value: 'false', label: 'off' },
          ]
        : (spec.options ?? []);
    return (
      <select value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        {opts.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      type="number"
      value={value}
      min={spec.min}
      max={spec.max}
      step={spec.step ?? 'any'}
      onChange={(e) => onChange(e.target.value)}
      data-testid={testId}
    />
  );
}

function Clock({ i }: { i: 0 | 1 }) {
  const nowNs = useAb((s) => s.sides[i].nowNs);
  return (
    <output data-testid={`ab-clock-${'ab'[i]}`} aria-label={`Simulated time of ${'AB'[i]}`}>
      {(nowNs / 1e6).toFixed(1)} ms
    </output>
  );
}

function Side({ ab, i, all }: { ab: AbController; i: 0 | 1; all: boolean }) {
  const series = useAb((s) => s.sides[i].series);
  const points = useAb((s) => s.sides[i].points);
  const setup = useAb((s) => s.setup);
  const name = 'AB'[i];
  const v = setup ? (i === 0 ? setup.a : setup.b) : undefined;
  const spec = useExplorer((s) => s.params.find((p) => p.key === setup?.key));
  const text = v === undefined ? '' : typeof v === 'number' ? formatValue(v, spec?.unit) : String(v);
  return (
    <div className="ab-side" data-testid={`ab-side-${name.toLowerCase()}`}>
      <header className="ab-side-head" style={{ borderColor: i === 0 ? COLOR_A : COLOR_B }}>
        <h3>
          {name}: {setup?.label} = {text}
        </h3>
        <Clock i={i} />
      </header>
      {series.length > 0 && (
        <AbTimelines
          scheduler={ab.sides[i].scheduler}
          series={series}
          announced={points}
          label={name}
          all={all}
        />
      )}
    </div>
  );
}

export function AbView() {
  const [ab] = useState(() => getAbController());
  const { presetId, params, values, seed } = useExplorer(
    useShallow((s) => ({
      presetId: s.presetId,
      params: s.params,
      values: s.values,
      seed: s.seed,
    })),
  );
  const { phase, error, speedId, setup } = useAb(
    useShallow((s) => ({ phase: s.phase, error: s.error, speedId: s.speedId, setup: s.setup })),
  );
  const [key, setKey] = useState<string | null>(null);
  const [allPanels, setAllPanels] = useState(false);
  const spec =
    params.find((p) => p.key === key) ?? params.find((p) => p.key === 'tcp.sk_pacing_shift') ?? params[0];
  const [drafts, setDrafts] = useState<Record<string, [string, string]>>({});
  const current = spec ? values[spec.key] : undefined;
  const [ta, tb] = spec
    ? (drafts[spec.key] ?? [inputText(spec, current), inputText(spec, alternativeValue(spec, current))])
    : ['', ''];
  const va = spec ? parseValue(spec, ta) : null;
  const vb = spec ? parseValue(spec, tb) : null;
  const invalid = !spec || va === null || vb === null;

  // Leaving the view stops the stepping (the runs stay loaded).
  useEffect(() => () => ab.stop(), [ab]);

  const start = () => {
    if (!spec || va === null || vb === null) return;
    // The era sets every other knob's default: only the era differs then, the rest follows it.
    const base: Record<string, ParamValue> = spec.key === 'era' ? {} : { ...values };
    void ab.start({ presetId, base, key: spec.key, label: spec.label, unit: spec.unit, a: va, b: vb, seed });
  };
  const setDraft = (i: 0 | 1, v: string) =>
    spec && setDrafts({ ...drafts, [spec.key]: i === 0 ? [v, tb] : [ta, v] });

  return (
    <div className="ab-view">
      <section className="panel" aria-label="A/B setup">
        <h2>A/B comparison</h2>
        <FromExplorerNote>
          Both sides start from the explorer’s configuration and seed; only the chosen parameter differs.
        </FromExplorerNote>
        <div className="setup-row">
          <SetupPicker testIdPrefix="ab" params={params} paramKey={spec?.key ?? ''} onParam={setKey} />
          {spec && (
            <>
              <label className="field">
                <span style={{ color: COLOR_A }}>A</span>
                <ValueInput spec={spec} value={ta} onChange={(v) => setDraft(0, v)} testId="ab-value-a" />
              </label>
              <label className="field">
                <span style={{ color: COLOR_B }}>B</span>
                <ValueInput spec={spec} value={tb} onChange={(v) => setDraft(1, v)} testId="ab-value-b" />
              </label>
            </>
          )}
          <SelectField
            label="Speed"
            value={speedId}
            choices={SPEED_CHOICES}
            onChange={(id) => useAb.setState({ speedId: id })}
            testId="ab-speed"
          />
          <button
            type="button"
            className="primary"
            data-testid="ab-start"
            disabled={invalid || phase === 'loading'}
            onClick={start}
          >
            {setup ? 'Restart' : 'Start'}
          </button>
          <button
            type="button"
            data-testid="ab-pause"
            disabled={phase !== 'running' && phase !== 'paused'}
            onClick={() => (phase === 'running' ? ab.stop() : ab.resume())}
          >
            {phase === 'running' ? 'Pause' : 'Resume'}
          </button>
          <label className="check">
            <input type="checkbox" checked={allPanels} onChange={(e) => setAllPanels(e.target.checked)} /> all
            panels
          </label>
        </div>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </section>
      {!setup && (
        <p className="muted" data-testid="ab-empty">
          Start runs A and B side by side from the same seed on one clock: their timelines scroll together,
          and a strip above them compares their goodput and headline numbers (B − A, B ÷ A).
        </p>
      )}
      {setup && (
        <>
          <DiffStrip ab={ab} />
          <div className="ab-columns">
            <Side ab={ab} i={0} all={allPanels} />
            <Side ab={ab} i={1} all={allPanels} />
          </div>
        </>
      )}
    </div>
  );
}
