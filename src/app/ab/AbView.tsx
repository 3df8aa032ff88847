/**
 * A/B comparison: the explorer's configuration twice, one parameter or
 * several different (shift 10 vs 8, pfifo_fast vs mac80211 TXQs…), one
 * seed, both timelines in step on shared y scales, a difference strip
 * between them, and the whole comparison in the link (./ab-link.ts).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useExplorer } from '../state/explorer-store';
import { SPEED_CHOICES } from '../state/ui-store';
import { formatValue } from '../format';
import type { ParamSpec, ParamValue } from '../../worker/protocol';
import { getAbController, type AbController } from './ab-controller';
import { useAb, type AbDiff, type AbSetup } from './ab-store';
import { AbTimelines } from './AbTimelines';
import { DiffStrip } from './DiffStrip';
import { alternativeValue, inputText } from './ab-values';
import { diffsOf, readAbLink, writeAbLink } from './ab-link';
import { AbSetupRows, type AbRow } from './AbSetupRows';
import { FromExplorerNote } from '../controls/SetupPicker';
import { PresetSelect } from '../controls/PresetPicker';
import { SelectField } from '../controls/SelectField';

/** A new row for `spec`: A as the explorer has it, B a sensible other value. */
function rowFor(spec: ParamSpec, values: Record<string, ParamValue>): AbRow {
  const current = values[spec.key];
  return { key: spec.key, a: inputText(spec, current), b: inputText(spec, alternativeValue(spec, current)) };
}

/**
 * Both sides' setup: the explorer's values and the fields a link or file set
 * that are no knob (udpProbes, a router block …), each side's own on top.
 */
function setupOf(
  d: AbDiff[],
  presetId: string,
  values: Record<string, ParamValue>,
  fields: Record<string, ParamValue>,
  seed: number,
): AbSetup {
  // The era sets every other knob's default: when it differs, the rest follows each side's era.
  const knobs = d.some((x) => x.key === 'era') ? {} : values;
  const base: Record<string, ParamValue> = { ...fields, ...knobs };
  for (const x of d) delete base[x.key];
  return { presetId, base, diffs: d, seed };
}

function startAb(ab: AbController, s: AbSetup): void {
  void ab.start(s).then((ok) => ok && writeAbLink(s));
}

const diffText = (d: AbDiff, side: 0 | 1) => {
  const v = side === 0 ? d.a : d.b;
  return `${d.label} = ${typeof v === 'number' ? formatValue(v, d.unit) : String(v)}`;
};

function Clock({ i }: { i: 0 | 1 }) {
  const nowNs = useAb((s) => s.sides[i].nowNs);
  return (
    <output data-testid={`ab-clock-${'ab'[i]}`} aria-label={`Simulated time of ${'AB'[i]}`}>
      {(nowNs / 1e6).toFixed(1)} ms
    </output>
  );
}

function Side({ ab, i, all, ownScales }: { ab: AbController; i: 0 | 1; all: boolean; ownScales: boolean }) {
  const series = useAb((s) => s.sides[i].series);
  const points = useAb((s) => s.sides[i].points);
  const setup = useAb((s) => s.setup);
  const name = 'AB'[i];
  const text = setup ? setup.diffs.map((d) => diffText(d, i)).join(', ') : '';
  return (
    <div className="ab-side" data-testid={`ab-side-${name.toLowerCase()}`}>
      <header className={`ab-side-head side-${name.toLowerCase()}`}>
        <h3>
          {name}: {text}
        </h3>
        <Clock i={i} />
      </header>
      {series.length > 0 && (
        <AbTimelines
          scheduler={ab.sides[i].scheduler}
          extents={ownScales ? null : ab.extents}
          side={i}
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
  const { presetId, params, values, overrides, seed, ready } = useExplorer(
    useShallow((s) => ({
      presetId: s.presetId,
      params: s.params,
      values: s.values,
      overrides: s.overrides,
      seed: s.seed,
      ready: s.ready,
    })),
  );
  const fields = useMemo(
    () => Object.fromEntries(Object.entries(overrides).filter(([k]) => !params.some((p) => p.key === k))),
    [overrides, params],
  );
  const { phase, error, speedId, setup } = useAb(
    useShallow((s) => ({ phase: s.phase, error: s.error, speedId: s.speedId, setup: s.setup })),
  );
  const [allPanels, setAllPanels] = useState(false);
  // Shared y scales are the default (equal heights, equal values); each side at its own zoom on request.
  const [ownScales, setOwnScales] = useState(false);
  const [rows, setRows] = useState<AbRow[] | null>(null);
  const [linkNote, setLinkNote] = useState('');
  const fromLink = useRef(false);
  const first = params.find((p) => p.key === 'tcp.sk_pacing_shift') ?? params[0];
  const shown = rows ?? (first ? [rowFor(first, values)] : []);
  const diffs = diffsOf(shown, params);

  // Leaving the view stops the stepping (the runs stay loaded).
  useEffect(() => () => ab.stop(), [ab]);

  const start = (d: AbDiff[] | null = diffs) => d && startAb(ab, setupOf(d, presetId, values, fields, seed));

  // A link with both sides' settings opens the comparison they describe, once the explorer has its preset.
  useEffect(() => {
    if (fromLink.current || !ready || !params.length) return;
    fromLink.current = true;
    const link = readAbLink(location.search, params);
    if (link.unknown.length)
      setLinkNote(`Not used from the link (not parameters of ${presetId}): ${link.unknown.join(', ')}`);
    if (!link.rows.length) return;
    const complete = link.rows.map(
      (r) => {
        const spec = params.find((p) => p.key === r.key)!;
        const dflt = rowFor(spec, values);
        return { key: r.key, a: r.a || dflt.a, b: r.b || dflt.b };
      },
      [ready, params, presetId, values, seed, ab],
    );
    setRows(complete);
    const d = diffsOf(complete, params);
    if (d) startAb(ab, setupOf(d, presetId, values, fields, seed));
    else
      setLinkNote(
        'The link’s A/B values are not all values these parameters take; check them and press Start.',
      );
  }, [ready, params, presetId, values, fields, seed, ab]);

  const add = () => {
    const next = params.find((p) => !shown.some((r) => r.key === p.key));
    if (next) setRows([...shown, rowFor(next, values)]);
  };
  const change = (next: AbRow[]) =>
    setRows(
      next.map((r, i) => {
        const spec = params.find((p) => p.key === r.key);
        // A new knob in a row starts from its own values.
        return spec && r.key !== shown[i]?.key ? rowFor(spec, values) : r;
      }),
    );

  return (
    <div className="ab-view">
      <section className="panel" aria-label="A/B setup">
        <h2>A/B comparison</h2>
        <FromExplorerNote>
          Both sides start from the explorer’s configuration and seed; only the parameters below differ.
        </FromExplorerNote>
        <div className="setup-row">
          <PresetSelect testId="ab-preset" />
        </div>
        <AbSetupRows rows={shown} params={params} onChange={change} onAdd={add} />
        <div className="setup-row">
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
            disabled={!diffs || phase === 'loading'}
            onClick={() => start()}
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
        {!diffs && <p className="field-error">Each A and B must be a value its parameter takes.</p>}
        {linkNote && (
          <p className="muted small" role="status">
            {linkNote}
          </p>
        )}
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </section>
      {!setup && (
        <p className="muted" data-testid="ab-empty">
          Start runs A and B side by side from the same seed on one clock: their timelines scroll together on
          shared y scales, and a strip above them compares their goodput and headline numbers (B − A, B ÷ A).
        </p>
      )}
      {setup && (
        <>
          <DiffStrip ab={ab} />
          <p className="muted small" data-testid="ab-shared-scales">
            {ownScales
              ? 'Each side is drawn on its own y scales: read each at its own zoom, compare values by the axes.'
              : 'A and B share every chart’s y scale: the same height is the same value on both sides.'}{' '}
            <label className="check">
              <input
                type="checkbox"
                data-testid="ab-own-scales"
                checked={ownScales}
                onChange={(e) => setOwnScales(e.target.checked)}
              />{' '}
              each side on its own scale
            </label>
          </p>
          <div className="ab-columns">
            <Side ab={ab} i={0} all={allPanels} ownScales={ownScales} />
            <Side ab={ab} i={1} all={allPanels} ownScales={ownScales} />
          </div>
        </>
      )}
    </div>
  );
}
