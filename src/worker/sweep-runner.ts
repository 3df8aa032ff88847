/**
 * Runs one sweep job headlessly: the same model and event order as
 * runScenario (src/sim/run.ts), but in slices of wall time so the worker can
 * report progress and notice a cancel between slices. Clock and yield are
 * injected, so it runs under Vitest in Node.
 */
import { NS_PER_MS } from '../sim/engine/time';
import { buildModel } from '../sim/run';
import { findPreset } from '../sim/scenario/presets/index';
import { tableRunSeed } from '../sim/scenario/presets/preset';
import type { Scenario } from '../sim/scenario/scenario';
import { applyOverrides, durationOverrides, ScenarioError } from '../sim/scenario/validate';
import type { SweepJob, SweepJobResult, SweepProgressSink } from './protocol';

/** Wall time of one slice: a cancel waits at most this long, progress arrives about this often. */
export const SWEEP_SLICE_MS = 60;
const FIRST_BURST = 4_000;
const MIN_BURST = 64;
const MAX_BURST = 1_000_000;

export interface RunnerClock {
  now(): number;
  /** Lets queued messages (a cancel) in before the next slice. */
  yieldNow(): Promise<void>;
}

/** The scenario a job describes; throws ScenarioError or Error when it names nothing valid. */
export function jobScenario(job: Omit<SweepJob, 'jobId'>): Scenario {
  const preset = findPreset(job.presetId);
  if (!preset) throw new Error(`unknown preset "${job.presetId}"`);
  let sc = preset.scenario();
  if (Object.keys(job.overrides).length) sc = applyOverrides(sc, job.overrides);
  if (job.tableRunId !== undefined) {
    const run = preset.table?.runs.find((r) => r.id === job.tableRunId);
    if (!run) throw new Error(`preset "${job.presetId}" has no table run "${job.tableRunId}"`);
    sc = applyOverrides(sc, run.set);
  }
  const d = job.durationMs;
  if (d !== undefined && d !== sc.durationMs) sc = applyOverrides(sc, durationOverrides(sc, d));
  return sc;
}

/** The job's seed, plus its table run's offset (a run the source averaged, TableRun.seedOffset). */
function jobSeed(job: Omit<SweepJob, 'jobId'>): number {
  if (job.tableRunId === undefined) return job.seed;
  const run = findPreset(job.presetId)?.table?.runs.find((r) => r.id === job.tableRunId);
  return run ? tableRunSeed(run, job.seed) : job.seed;
}

const message = (e: unknown): string =>
  e instanceof ScenarioError ? e.errors.join('; ') : e instanceof Error ? e.message : String(e);

export class SweepRunner {
  private readonly cancelled = new Set<number>();
  private readonly active = new Set<number>();

  constructor(
    private readonly clock: RunnerClock,
    private readonly sliceMs = SWEEP_SLICE_MS,
  ) {}

  /** Only jobs running here can be cancelled; queued ones are the pool's business. */
  cancel(jobId: number): void {
    if (this.active.has(jobId)) this.cancelled.add(jobId);
  }

  async run(job: SweepJob, onProgress: SweepProgressSink): Promise<SweepJobResult> {
    const t0 = this.clock.now();
    let sc: Scenario;
    try {
      sc = jobScenario(job);
    } catch (e) {
      return { status: 'error', jobId: job.jobId, error: message(e) };
    }
    this.active.add(job.jobId);
    try {
      const model = buildModel(sc, jobSeed(job) >>> 0, false);
      if (job.stepMs) model.enableSteps(Math.round(job.stepMs * NS_PER_MS));
      const endNs = sc.durationMs * NS_PER_MS;
      let burst = FIRST_BURST;
      for (;;) {
        if (this.cancelled.has(job.jobId)) return { status: 'cancelled', jobId: job.jobId };
        const s0 = this.clock.now();
        let reached = false;
        while (!reached && this.clock.now() - s0 < this.sliceMs) {
          const b0 = this.clock.now();
          reached = model.sim.runSlice(endNs, burst);
          const took = this.clock.now() - b0;
          // Bursts of about an eighth of a slice: small enough to stop on time, big enough to be cheap.
          if (took > this.sliceMs / 4) burst = Math.max(MIN_BURST, burst >> 1);
          else if (!reached && took < this.sliceMs / 16) burst = Math.min(MAX_BURST, burst * 2);
        }
        onProgress({ jobId: job.jobId, simulatedNs: model.sim.nowNs, endNs });
        if (reached) break;
        await this.clock.yieldNow();
      }
      return {
        status: 'done',
        jobId: job.jobId,
        summary: model.summary(),
        payloadPerTruesize: model.senders[0]?.payloadPerTruesize() ?? 1,
        durationMs: sc.durationMs,
        warmupMs: sc.warmupMs,
        wallMs: this.clock.now() - t0,
        ...(job.stepMs ? { steps: model.stepSeries() ?? undefined } : {}),
      };
    } catch (e) {
      return { status: 'error', jobId: job.jobId, error: message(e) };
    } finally {
      this.active.delete(job.jobId);
      this.cancelled.delete(job.jobId);
    }
  }
}
