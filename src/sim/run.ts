/**
 * Headless runs: one scenario to a summary, or a reference preset's whole
 * table. Used by the CLI, the tests and the benchmarks.
 */
import type { ScheduledChange, StepSeries, Summary } from './api';
import { NS_PER_MS } from './engine/time';
import { buildWifi } from './scenario/build-wifi';
import { buildWired } from './scenario/build-wired';
import { applyLiveChange, runWithChanges } from './scenario/changes';
import type { Model } from './scenario/model';
import { type Preset, withinTolerance } from './scenario/presets/index';
import { tableRunSeed, type TableCell } from './scenario/presets/preset';
import type { Scenario } from './scenario/scenario';
import { applyOverrides } from './scenario/validate';

export function buildModel(sc: Scenario, seed: number, framesEnabled = false): Model {
  return sc.wifi ? buildWifi(sc, seed, framesEnabled) : buildWired(sc, seed, framesEnabled);
}

/** Simulated time between two calls of runScenario's `between` hook. */
export const BETWEEN_NS = 1000 * NS_PER_MS;

/**
 * `between`: called after each BETWEEN_NS of simulated time (a host's memory
 * policy, e.g. the CLI's, ../cli/heap-bound.ts); nothing runs in between, so
 * the run is the same with or without it.
 */
export function runScenario(
  sc: Scenario,
  seed: number,
  durationMs = sc.durationMs,
  between: (() => void) | null = null,
): { summary: Summary; model: Model } {
  const model = buildModel(sc, seed, false);
  const apply = (c: ScheduledChange): void => applyLiveChange(model, sc, c.key, c.value);
  const endNs = durationMs * NS_PER_MS;
  if (between === null) runWithChanges(model, sc.changes, 0, endNs, Infinity, apply);
  else
    for (let next = 0, t = Math.min(BETWEEN_NS, endNs); ; t = Math.min(t + BETWEEN_NS, endNs)) {
      next = runWithChanges(model, sc.changes, next, t, Infinity, apply).next;
      if (t >= endNs) break;
      between();
    }
  return { summary: model.summary(), model };
}

/**
 * A headless run that also samples every flow once per `stepMs` after the
 * warm-up and keeps every ping reply (what a Flent data file holds).
 */
export function runScenarioSteps(
  sc: Scenario,
  seed: number,
  stepMs: number,
  durationMs = sc.durationMs,
): { summary: Summary; steps: StepSeries } {
  const model = buildModel(sc, seed, false);
  model.enableSteps(Math.round(stepMs * NS_PER_MS));
  model.sim.runUntil(durationMs * NS_PER_MS);
  return { summary: model.summary(), steps: model.stepSeries()! };
}

export interface CellResult {
  label: string;
  unit: string;
  published: number;
  simulated: number;
  ok: boolean;
}

export interface TableResult {
  preset: string;
  cells: CellResult[];
  runs: Record<string, Summary>;
}

/** Each cell's simulated value from the table's runs, and whether it is within its tolerance. */
export function fillCells(cells: readonly TableCell[], runs: Record<string, Summary>): CellResult[] {
  return cells.map((c) => {
    const simulated = c.simulated(runs);
    return {
      label: c.label,
      unit: c.unit,
      published: c.published,
      simulated,
      ok: withinTolerance(c, simulated),
    };
  });
}

/** Runs every run of a preset's table (optionally with extra overrides) and fills its cells. */
export function runTable(
  preset: Preset,
  seed: number,
  opts: { durationMs?: number; set?: Record<string, string | number | boolean | null> } = {},
): TableResult {
  const table = preset.table;
  if (!table) throw new Error(`preset ${preset.id} has no published table`);
  const base = applyOverrides(preset.scenario(), opts.set ?? {});
  const runs: Record<string, Summary> = {};
  for (const r of table.runs) {
    const sc = applyOverrides(base, r.set);
    runs[r.id] = runScenario(sc, tableRunSeed(r, seed), opts.durationMs ?? sc.durationMs).summary;
  }
  return { preset: preset.id, cells: fillCells(table.cells, runs), runs };
}
