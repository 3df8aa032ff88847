/**
 * The published table beside the simulated one, cell for cell: the simulated
 * value, its error against the published one, whether that is within the
 * tolerance, and a way to open the run(s) behind the cell in the explorer.
 */
import type { ReactNode } from 'react';
import type { Preset } from '../../sim/scenario/presets/index';
import { num } from '../format';
import type { CellView } from './table-model';

function Grid({
  preset,
  caption,
  render,
  testId,
}: {
  preset: Preset;
  caption: string;
  render: (label: string) => ReactNode;
  testId: string;
}) {
  const t = preset.table!;
  return (
    <table className="result-table" data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col" />
          {t.columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {t.rows.map((r) => (
          <tr key={r.label}>
            <th scope="row">{r.label}</th>
            {r.cells.map((label, j) => (label ? render(label) : <td key={`empty${j}`} className="empty" />))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const signed = (v: number) => (Number.isFinite(v) ? `${v > 0 ? '+' : ''}${num(v, 2)} %` : '–');

export function ResultTables({
  preset,
  cells,
  onOpen,
}: {
  preset: Preset;
  cells: CellView[];
  onOpen: (runId: string) => void;
}) {
  const byLabel = new Map(cells.map((c) => [c.label, c]));
  const published = (label: string) => {
    const c = byLabel.get(label);
    return (
      <td key={label} data-testid={`pub-cell-${label}`} title={c ? `${label}, ${c.unit}` : label}>
        {c ? num(c.published, 5) : '–'}
      </td>
    );
  };
  const simulated = (label: string) => {
    const c = byLabel.get(label);
    if (!c) return <td key={label} />;
    const tol = c.state === 'filled' ? (c.within ? 'in' : 'out') : '';
    return (
      <td
        key={label}
        className={`sim-cell ${c.state} ${tol}`}
        data-testid={`sim-cell-${label}`}
        data-state={c.state}
        data-tolerance={tol}
        data-value={c.state === 'filled' ? String(c.simulated) : ''}
      >
        {c.state === 'pending' && <span className="muted">…</span>}
        {c.state === 'failed' && <span title={c.error}>failed</span>}
        {c.state === 'filled' && (
          <>
            <span className="sim-value">{num(c.simulated, 4)}</span>{' '}
            <span
              className="sim-error"
              title={`error against the published ${num(c.published, 4)} ${c.unit}`}
            >
              {signed(c.errorPct)}
            </span>{' '}
            <span
              className="tol-mark"
              data-testid="tolerance-mark"
              title={`${c.within ? 'within' : 'outside'} the tolerance of ${c.toleranceText}`}
            >
              {c.within ? '✓' : '✗'}
              <span className="sr-only">{c.within ? ' within tolerance' : ' outside tolerance'}</span>
            </span>
          </>
        )}
        <span className="open-runs">
          {c.runIds.map((id) => (
            <button
              key={id}
              type="button"
              className="link"
              onClick={() => onOpen(id)}
              title={`Open run ${id} in the explorer`}
              data-testid={`open-${id}`}
            >
              {c.runIds.length > 1 ? `open ${id.split('/')[0]}` : 'open'}
            </button>
          ))}
        </span>
      </td>
    );
  };
  const unitText = [...new Set(cells.map((c) => c.unit))].join(', ');
  return (
    <div className="result-tables">
      <Grid preset={preset} caption={`Published (${unitText})`} render={published} testId="published-table" />
      <Grid
        preset={preset}
        caption={`Simulated: value, error, tolerance`}
        render={simulated}
        testId="simulated-table"
      />
    </div>
  );
}
