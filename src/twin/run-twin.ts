/**
 * One twin run: probe the host, plan, measure on the real kernel, run the
 * simulation beside it, write the files, and lay the numbers side by side.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simToFlent, writeFlent } from '../flent/index';
import type { Scenario } from '../sim/scenario/scenario';
import { compareRows, type CompareRow } from './compare';
import { probeHost } from './host';
import { measure, type TwinMeasurement } from './measure';
import { measuredMinRttUs, twinMetrics, type RunMetrics } from './metrics';
import { planTwin, type HostCaps, type TwinPlan } from './plan';
import { Procs } from './procs';
import { runSimSide, type SimSide } from './sim-side';
import { STEP_S, twinToFlent } from './twin-flent';

export interface TwinOptions {
  seed: number;
  set: Record<string, string>;
  presetId: string | null;
  /** Folder for the Flent files (null: none written). */
  outDir: string | null;
  /** File name stem in outDir. */
  label: string;
  producer: string;
  /** Probed once for a sweep or a grid. */
  caps?: HostCaps;
}

export interface TwinResult {
  plan: TwinPlan;
  measurement: TwinMeasurement;
  twin: RunMetrics;
  sim: SimSide;
  simScenario: Scenario;
  rows: CompareRow[];
  files: string[];
}

/** A unique prefix for this run's namespaces: the pid and a random tag. */
export const nsPrefix = (): string =>
  `tsqtw-${process.pid}-${Math.floor(Math.random() * 36 ** 4)
    .toString(36)
    .padStart(4, '0')}`;

export async function probe(): Promise<HostCaps> {
  const procs = new Procs();
  try {
    return await probeHost(procs, nsPrefix());
  } finally {
    procs.close();
  }
}

/** The simulated scenario with the veth path's RTT, when the kernel has no netem. */
export function withMeasuredRtt(plan: TwinPlan, m: TwinMeasurement): Scenario {
  const s = structuredClone(plan.simScenario);
  if (plan.netemDelayUs !== null) return s;
  const rttUs = measuredMinRttUs(m);
  if (Number.isFinite(rttUs)) {
    s.link.propagationUs = Math.max(1, Math.round(rttUs / 2));
    if (s.router) s.router.propagationUs = 0;
  }
  return s;
}

export async function runTwin(sc: Scenario, opts: TwinOptions): Promise<TwinResult> {
  const caps = opts.caps ?? (await probe());
  const plan = planTwin(sc, caps, { prefix: nsPrefix(), set: opts.set });
  const procs = new Procs();
  let measurement: TwinMeasurement;
  try {
    measurement = await measure(plan, procs);
  } finally {
    procs.close();
  }
  const failed = measurement.flows.find((f) => f.error);
  if (failed) throw new Error(`flow ${failed.index}: iperf3: ${failed.error}`);
  const simScenario = withMeasuredRtt(plan, measurement);
  const sim = runSimSide(simScenario, opts.seed, STEP_S * 1000);
  const twin = twinMetrics(measurement, sc.warmupMs / 1000, sc.durationMs / 1000);
  const files: string[] = [];
  if (opts.outDir) {
    mkdirSync(opts.outDir, { recursive: true });
    const info = {
      scenario: sc,
      presetId: opts.presetId,
      seed: opts.seed,
      kernelRelease: plan.kernelRelease,
      era: plan.era,
      notes: plan.notes,
      commands: measurement.commands,
    };
    const twinFile = join(opts.outDir, `${opts.label}.twin.flent.gz`);
    writeFileSync(twinFile, writeFlent(twinToFlent(measurement, info, opts.producer)));
    const made = simToFlent({
      scenario: simScenario,
      seed: opts.seed,
      presetId: opts.presetId,
      summary: sim.summary,
      steps: sim.steps,
      timeMs: measurement.t0UnixMs + sc.warmupMs,
      producer: opts.producer,
    });
    const simFile = join(opts.outDir, `${opts.label}.sim.flent.gz`);
    writeFileSync(simFile, writeFlent(made.input));
    files.push(twinFile, simFile);
  }
  return { plan, measurement, twin, sim, simScenario, rows: compareRows(twin, sim.metrics), files };
}
