/**
 * Charts of a reference table the way a reader of the thread would draw
 * them, one per unit: a line per row when the columns are values of the
 * swept knob (throughput vs sk_pacing_shift), grouped bars otherwise
 * (qdisc × sg, station classes). Published values are markers beside the
 * simulated ones.
 */
import type { Preset } from '../../sim/scenario/presets/index';
import type { CellView } from './table-model';

export interface ChartPoint {
  /** Column header: the x position (line) or the bar within a group. */
  x: string;
  label: string;
  published: number;
  /** NaN until simulated. */
  simulated: number;
  within: boolean;
}

export interface ChartSeries {
  /** Row label: a line (line chart) or a group of bars. */
  name: string;
  points: ChartPoint[];
}

export interface TableChartModel {
  unit: string;
  kind: 'line' | 'bars';
  /** Column headers in the table's order. */
  xs: string[];
  xLabel: string;
  series: ChartSeries[];
}

const isNumeric = (s: string) => s.trim() !== '' && Number.isFinite(Number(s));

/** The run field whose value is the column header (e.g. tcp.sk_pacing_shift for '10'), if one is. */
function columnKey(preset: Preset): string | null {
  const table = preset.table;
  if (!table) return null;
  const candidates = new Map<string, number>();
  for (const r of table.runs)
    for (const [k, v] of Object.entries(r.set))
      if (table.columns.includes(String(v))) candidates.set(k, (candidates.get(k) ?? 0) + 1);
  let best: string | null = null;
  for (const [k, n] of candidates) if (best === null || n > (candidates.get(best) ?? 0)) best = k;
  return best;
}

export function tableCharts(preset: Preset, cells: CellView[]): TableChartModel[] {
  const table = preset.table;
  if (!table) return [];
  const byLabel = new Map(cells.map((c) => [c.label, c]));
  const units = [...new Set(cells.map((c) => c.unit))];
  const key = columnKey(preset);
  return units.map((unit) => {
    const colIdx = table.columns
      .map((_, j) => j)
      .filter((j) => table.rows.some((r) => byLabel.get(r.cells[j])?.unit === unit));
    const xs = colIdx.map((j) => table.columns[j]);
    const series: ChartSeries[] = table.rows
      .map((r) => ({
        name: r.label,
        points: colIdx
          .map((j) => ({ x: table.columns[j], cell: byLabel.get(r.cells[j]) }))
          .filter((p): p is { x: string; cell: CellView } => p.cell?.unit === unit)
          .map(({ x, cell }) => ({
            x,
            label: cell.label,
            published: cell.published,
            simulated: cell.state === 'filled' ? cell.simulated : NaN,
            within: cell.within,
          })),
      }))
      .filter((s) => s.points.length);
    const kind = xs.length > 1 && xs.every(isNumeric) ? 'line' : 'bars';
    const xLabel = kind === 'line' && key ? key.split('.').pop()! : '';
    return { unit, kind, xs, xLabel, series };
  });
}

/** Upper end of the y axis: the largest value shown, with headroom. */
export function yMax(m: TableChartModel): number {
  let hi = 0;
  for (const s of m.series)
    for (const p of s.points)
      for (const v of [p.published, p.simulated]) if (Number.isFinite(v) && v > hi) hi = v;
  return hi > 0 ? hi * 1.12 : 1;
}

/** "throughput (Mbit/s) vs sk_pacing_shift", "ping (ms)": the row or the common prefix of the cell labels. */
export function chartTitle(m: TableChartModel): string {
  const labels = m.series.flatMap((s) => s.points.map((p) => p.label));
  const heads = new Set(labels.map((l) => (l.includes('/') ? l.split('/')[0] : '')));
  let what = '';
  if (m.kind === 'line' && m.series.length === 1) what = m.series[0].name;
  else if (heads.size === 1 && !heads.has('')) what = [...heads][0];
  const unit = what ? `${what} (${m.unit})` : m.unit;
  return m.xLabel ? `${unit} vs ${m.xLabel}` : unit;
}
