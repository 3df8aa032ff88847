/**
 * Runs two configurations of one scenario side by side, with one seed, in
 * two simulation workers driven in lock step: every tick both are stepped by
 * the same simulated time and the next tick waits for both, so their clocks
 * never drift apart. Frames go to one SeriesBuffers per side (never to React
 * state); clocks and summaries go to the A/B store.
 */
import { startWorker, Comlink, type WorkerRemote } from '../worker-client';
import { SeriesBuffers } from '../charts/series-buffer';
import { viewStore } from '../state/view-store';
import { speedOf } from '../state/ui-store';
import type { Frame, RunStatus } from '../../worker/protocol';
import { patchSide, sideOverrides, useAb, type AbSetup } from './ab-store';
import { SharedExtents } from './shared-extents';
import { SyncedScheduler } from './synced-scheduler';
import type { TsqAbHook } from './ab-hook-types';
import { TEST_FAULTS } from '../../worker/test-faults';

/** Wall time between ticks (about 30 frames per second). */
const TICK_MS = 33;
/** Wall time of one lock step when running as fast as possible. */
const STEP_BUDGET_MS = 100;
/** Longest paced step: a scenario slower than real time falls behind rather than stalling the view. */
const MAX_PACED_STEP_NS = 250e6;
const MIN_STEP_NS = 1e5;
const MAX_STEP_NS = 1e9;
/** Wall gap counted at most per tick (a background tab must not cause a jump). */
const MAX_GAP_MS = 250;
const SUMMARY_MS = 500;

interface Side {
  remote: WorkerRemote;
  worker: Worker;
  buffers: SeriesBuffers;
  scheduler: SyncedScheduler;
  frames: number;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class AbController {
  readonly sides: [Side, Side];
  /** Every panel's y extents, shared by A and B. */
  readonly extents = new SharedExtents(() => {
    this.sides[0].scheduler.invalidate();
    this.sides[1].scheduler.invalidate();
  });
  private gen = 0;
  private fullStepNs = 5e7;
  private readonly pending: [[Frame, RunStatus][], [Frame, RunStatus][]] = [[], []];
  private summaryTimer: ReturnType<typeof setInterval> | null = null;

  constructor() {
    const make = (i: 0 | 1): Side => {
      const { remote, worker } = startWorker();
      const buffers = new SeriesBuffers();
      const side: Side = {
        remote,
        worker,
        buffers,
        scheduler: new SyncedScheduler(buffers, viewStore, () => this.sharedNowNs()),
        frames: 0,
      };
      worker.addEventListener('error', (e) =>
        useAb.setState({ phase: 'error', error: `worker ${'AB'[i]}: ${e.message}` }),
      );
      void remote.onFrame(Comlink.proxy((f: Frame, s: RunStatus) => this.onFrame(i, f, s)));
      return side;
    };
    this.sides = [make(0), make(1)];
    // Either side's new frame moves the shared clock, so both columns redraw.
    this.sides[0].buffers.subscribe(() => this.sides[1].scheduler.invalidate());
    this.sides[1].buffers.subscribe(() => this.sides[0].scheduler.invalidate());
    this.installHook();
  }

  sharedNowNs(): number {
    return Math.min(this.sides[0].buffers.nowNs, this.sides[1].buffers.nowNs);
  }

  /**
   * Frames wait until the other side has reached the same simulated time and
   * then both go into their buffers in one task, so each column draws once per
   * step and never shows one side ahead of the other.
   */
  private onFrame(i: 0 | 1, f: Frame, s: RunStatus): void {
    this.pending[i].push([f, s]);
    const reach = (k: 0 | 1) => {
      const q = this.pending[k];
      return q.length ? q[q.length - 1][1].nowNs : this.sides[k].buffers.nowNs;
    };
    const upTo = Math.min(reach(0), reach(1));
    for (const k of [0, 1] as const) {
      const q = this.pending[k];
      const side = this.sides[k];
      let pushed = false;
      while (q.length && q[0][1].nowNs <= upTo) {
        const [frame, st] = q.shift()!;
        side.buffers.push(frame, st.runId);
        side.frames++;
        pushed = true;
      }
      if (pushed) patchSide(k, { nowNs: side.buffers.nowNs });
    }
  }

  async start(setup: AbSetup): Promise<boolean> {
    this.stop();
    this.pending[0].length = 0;
    this.pending[1].length = 0;
    useAb.setState({ phase: 'loading', setup, error: null });
    this.extents.reset();
    const results = await Promise.all(
      ([0, 1] as const).map((i) =>
        this.sides[i].remote.load({
          presetId: setup.presetId,
          overrides: sideOverrides(setup, i),
          seed: setup.seed,
        }),
      ),
    );
    const errors = results.map((r, i) => (r.ok ? null : `${'AB'[i]}: ${r.error}`)).filter(Boolean);
    if (errors.length) {
      useAb.setState({ phase: 'error', error: errors.join('; ') });
      return false;
    }
    results.forEach(
      (r, i) =>
        r.ok && patchSide(i as 0 | 1, { series: r.series, points: r.points, summary: null, nowNs: 0 }),
    );
    viewStore.getState().setView({ ...viewStore.getState().view, follow: true });
    this.resume();
    return true;
  }

  resume(): void {
    if (!useAb.getState().setup) return;
    const gen = ++this.gen;
    useAb.setState({ phase: 'running' });
    this.summaryTimer ??= setInterval(() => void this.pollSummaries(), SUMMARY_MS);
    void this.loop(gen);
  }

  /** Stops stepping; the runs stay loaded and can resume. */
  stop(): void {
    this.gen++;
    if (this.summaryTimer) clearInterval(this.summaryTimer);
    this.summaryTimer = null;
    if (useAb.getState().phase === 'running') {
      useAb.setState({ phase: 'paused' });
      void this.pollSummaries();
    }
  }

  dispose(): void {
    this.stop();
    for (const s of this.sides) {
      s.scheduler.dispose();
      s.worker.terminate();
    }
    if (TEST_FAULTS) delete window.__tsqAb;
  }

  private async loop(gen: number): Promise<void> {
    let last = performance.now();
    while (gen === this.gen) {
      const t = performance.now();
      const dtMs = Math.min(MAX_GAP_MS, t - last);
      last = t;
      const speed = speedOf(useAb.getState().speedId);
      // Paced: the simulated time the wall clock asks for. As fast as possible: steps sized to the budget.
      const d = Number.isFinite(speed)
        ? Math.min(MAX_PACED_STEP_NS, Math.round((dtMs * speed) / 1000))
        : this.fullStepNs;
      if (d > 0) {
        const s0 = performance.now();
        await Promise.all(this.sides.map((s) => s.remote.step(d)));
        const took = performance.now() - s0;
        if (!Number.isFinite(speed)) {
          if (took > STEP_BUDGET_MS) this.fullStepNs = Math.max(MIN_STEP_NS, this.fullStepNs / 2);
          else if (took < STEP_BUDGET_MS / 3) this.fullStepNs = Math.min(MAX_STEP_NS, this.fullStepNs * 1.5);
        }
      }
      await sleep(Math.max(0, TICK_MS - (performance.now() - t)));
    }
  }

  private async pollSummaries(): Promise<void> {
    const [a, b] = await Promise.all(this.sides.map((s) => s.remote.summary()));
    patchSide(0, { summary: a });
    patchSide(1, { summary: b });
  }

  /** In builds for tests only (VITE_TSQ_TEST_FAULTS=1). */
  private installHook(): void {
    if (!TEST_FAULTS) return;
    const hook: TsqAbHook = {
      phase: () => useAb.getState().phase,
      nowNs: () => [this.sides[0].buffers.nowNs, this.sides[1].buffers.nowNs],
      frames: () => [this.sides[0].frames, this.sides[1].frames],
      sharedNowNs: () => this.sharedNowNs(),
    };
    window.__tsqAb = hook;
  }
}

let instance: AbController | null = null;

/** The page's A/B controller; its two workers start when the A/B view first opens. */
export function getAbController(): AbController {
  instance ??= new AbController();
  return instance;
}
