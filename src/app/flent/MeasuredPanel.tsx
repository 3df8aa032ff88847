/**
 * The measured run beside the summary: what it is ("measured (Flent, <host>,
 * <date>)"), its medians beside the simulated run's, and the scenario its
 * metadata proposes, editable field by field before it is run (through Load
 * scenario's checked path, so a bad value is named and changes nothing).
 */
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useExplorerContext } from '../explorer-context';
import { importScenario } from '../export/import-scenario';
import { scenarioFileText } from '../export/scenario-file';
import { useExplorer } from '../state/explorer-store';
import { formatValue } from '../format';
import { fileText } from '../../flent/errors';
import { useMeasured, type Measured } from './measured-store';
import { medianRows } from './side-by-side';
import './flent.css';

const UNIT: Record<string, string> = { 'Mbits/s': 'Mbit/s' };
const show = (v: number, unit: string) => (Number.isFinite(v) ? formatValue(v, UNIT[unit] ?? unit) : '–');

function Medians({ m }: { m: Measured }) {
  const summary = useExplorer((s) => s.summary);
  const rows = medianRows(m.run, summary);
  const whys = [...new Set(rows.flatMap((r) => (r.why ? [r.why] : [])))];
  const notes = [...new Set(rows.flatMap((r) => (r.note ? [r.note] : [])))];
  return (
    <table className="measured-medians" data-testid="measured-medians">
      <caption>Medians (Flent step {m.run.stepS ?? 0.2} s)</caption>
      <thead>
        <tr>
          <th scope="col">series</th>
          <th scope="col">measured</th>
          <th scope="col">simulated</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.series}>
            <th scope="row">{r.series}</th>
            <td data-testid="measured-median" title={r.note}>
              {show(r.measured, r.unit)}
              {r.note ? '*' : ''}
            </td>
            <td title={r.why}>{show(r.simulated, r.unit)}</td>
          </tr>
        ))}
      </tbody>
      {(whys.length > 0 || notes.length > 0) && (
        <tfoot>
          {notes.map((n) => (
            <tr key={n}>
              <td colSpan={3} className="measured-unpaired">
                * {n}.
              </td>
            </tr>
          ))}
          {whys.map((w) => (
            <tr key={w}>
              <td colSpan={3} className="measured-unpaired" data-testid="measured-unpaired">
                – beside a flow: {w}; the totals are compared.
              </td>
            </tr>
          ))}
        </tfoot>
      )}
    </table>
  );
}

function ProposalForm({ m }: { m: Measured }) {
  const { controller } = useExplorerContext();
  const [values, setValues] = useState(() =>
    Object.fromEntries(m.proposal.fields.map((f) => [f.key, f.value])),
  );
  const [status, setStatus] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const text = scenarioFileText({
        presetId: m.proposal.presetId,
        seed: useExplorer.getState().seed,
        set: values,
      });
      const r = await importScenario(text, controller);
      setStatus(r.ok ? [r.message] : r.errors);
    } finally {
      setBusy(false);
    }
  };
  return (
    <details className="proposal">
      <summary>Scenario from the file ({m.proposal.presetId})</summary>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        {m.proposal.fields.map((f) => (
          <label key={f.key} title={f.why}>
            <span>{f.key}</span>
            <input
              value={values[f.key] ?? ''}
              data-testid={`proposal-${f.key}`}
              onChange={(e) => setValues({ ...values, [f.key]: e.target.value })}
            />
            <small>{f.why}</small>
          </label>
        ))}
        <button type="submit" disabled={busy} data-testid="run-proposal">
          {busy ? 'Checking…' : 'Run this scenario'}
        </button>
      </form>
      <ul className="proposal-status" role="status">
        {status.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
    </details>
  );
}

export function MeasuredPanel() {
  const { measured, error, clear } = useMeasured(
    useShallow((s) => ({ measured: s.measured, error: s.error, clear: s.clear })),
  );
  if (!measured && !error) return null;
  return (
    <section className="measured" aria-label="Measured run" data-testid="measured-panel">
      {error && (
        <p className="measured-error" role="alert" data-testid="measured-error">
          {error.fileName}: {error.message}
        </p>
      )}
      {measured && (
        <>
          <h2>
            <span className="measured-swatch" aria-hidden="true" /> {measured.overlay.label}
          </h2>
          <p className="measured-what">
            {measured.run.name}
            {measured.run.title ? ` — ${fileText(measured.run.title, 200)}` : ''} ({measured.fileName});
            dashed in the panels, from the file’s T0 at t = 0.
          </p>
          <Medians m={measured} />
          <ProposalForm key={measured.fileName + measured.run.t0Ms} m={measured} />
          <button type="button" onClick={clear}>
            Remove measurement
          </button>
        </>
      )}
    </section>
  );
}
