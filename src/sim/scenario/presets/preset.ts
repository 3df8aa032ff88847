/**
 * A preset: a named scenario, the knobs the explorer shows for it, and — for
 * the five reference experiments — the published table and the runs that
 * re-create each cell.
 */
import type { ParamValue } from '../../api';
import type { Summary } from '../../api';
import type { Scenario } from '../scenario';
import type { SourceId } from '../sources';

/** One run of a reference sweep: the preset's scenario with these fields changed. */
export interface TableRun {
  id: string;
  set: Record<string, ParamValue | null>;
  /**
   * Added to the run's seed: the runs of one setting that a source averaged
   * (the same `set`, offsets 0 … N−1) differ only in their random draws.
   */
  seedOffset?: number;
}

/** The seed a table run runs with, from the seed the table is run with. */
export const tableRunSeed = (run: TableRun, seed: number): number => seed + (run.seedOffset ?? 0);

export interface TableCell {
  /** e.g. "fq/sg_on", "fc1/shift10". */
  label: string;
  unit: string;
  published: number;
  /** Allowed error: relative (0.1 = ±10 %) or absolute in the cell's unit. */
  tolerance: { rel?: number; abs?: number };
  /** The simulated value, from the summaries of the runs. */
  simulated: (runs: Record<string, Summary>) => number;
}

export interface PublishedTable {
  caption: string;
  /** Rows × columns for display; each entry is a cell label. */
  rows: { label: string; cells: string[] }[];
  columns: string[];
  runs: TableRun[];
  cells: TableCell[];
  /**
   * How the source measured, when each cell is more than one run: e.g. "mean of 5 netperf runs
   * of 10 s; each cell is the mean of 5 seeds". Shown beside the table.
   */
  method?: string;
}

export interface Preset {
  id: string;
  title: string;
  description: string;
  /** The thread or commit it re-runs (../sources.ts), if any. */
  source?: SourceId;
  scenario: () => Scenario;
  /** Explorer knobs (scenario paths). */
  params: string[];
  table?: PublishedTable;
  /**
   * Physical constants of the preset with where each value comes from.
   * Shown in docs and the experiments view.
   */
  constants: { path: string; why: string }[];
}

export function withinTolerance(cell: TableCell, simulated: number): boolean {
  const err = Math.abs(simulated - cell.published);
  if (cell.tolerance.abs !== undefined) return err <= cell.tolerance.abs;
  return err <= (cell.tolerance.rel ?? 0.1) * Math.abs(cell.published);
}
