/**
 * Runs one LiveSim in slices against the wall clock at a chosen speed and
 * posts frames. Kept apart from the Comlink glue so it can be tested in Node.
 */
import { createSim, listPresets } from '../sim/index';
import type { LiveSim } from '../sim/api';
import type { Frame, LoadRequest, LoadResult, RunStatus, SetResult, Summary, WorkerApi, ParamValue } from './protocol';

/** Wall-clock budget of one slice, so that the worker stays responsive to messages. */
const SLICE_MS = 8;
const FRAME_MS = 33;

export interface HostClock {
  now(): number;
  defer(fn: () => void, ms: number): void;
}

export class SimHost implements WorkerApi {
  private sim: LiveSim | null = null;
  private running = false;
  private speed = 1e9 / 10; // 0.1× real time by default
  private sink: ((f: Frame, s: RunStatus) => void) | null = null;
  private lastWallMs = 0;
  private lastFrameMs = 0;
  private targetNs = 0;
  private ticking = false;
  private rate = { wallMs: 0, simNs: 0, events: 0, achieved: 0, eps: 0 };

  constructor(private readonly clock: HostClock) {}

  presets() {
    return listPresets();
  }

  load(req: LoadRequest): LoadResult {
    const r = createSim(req.presetId, req.overrides, req.seed);
    if (!r.ok) return r;
    this.sim = r.sim;
    this.targetNs = 0;
    const values: Record<string, ParamValue> = {};
    for (const p of r.sim.params) {
      const v = r.sim.getParam(p.key);
      if (v !== undefined) values[p.key] = v;
    }
    this.emit();
    return { ok: true, params: [...r.sim.params], series: [...r.sim.series], values };
  }

  play(): void {
    if (!this.sim || this.running) return;
    this.running = true;
    this.lastWallMs = this.clock.now();
    this.targetNs = this.sim.nowNs;
    this.schedule();
  }

  pause(): void {
    this.running = false;
    this.emit();
  }

  step(ns: number): void {
    if (!this.sim) return;
    this.sim.runUntil(this.sim.nowNs + ns);
    this.targetNs = this.sim.nowNs;
    this.emit();
  }

  setSpeed(simNsPerWallSec: number): void {
    this.speed = simNsPerWallSec > 0 ? simNsPerWallSec : 1e9;
  }

  setParam(key: string, value: ParamValue): SetResult {
    if (!this.sim) return { ok: false, error: 'no simulation loaded' };
    const r = this.sim.setParam(key, value);
    if (!this.running) this.emit();
    return r;
  }

  onFrame(cb: (frame: Frame, status: RunStatus) => void): void {
    this.sink = cb;
  }

  summary(): Summary | null {
    return this.sim ? this.sim.summary() : null;
  }

  private schedule(): void {
    if (this.ticking) return;
    this.ticking = true;
    this.clock.defer(() => {
      this.ticking = false;
      this.tick();
    }, 0);
  }

  private tick(): void {
    const sim = this.sim;
    if (!sim || !this.running) return;
    const wall = this.clock.now();
    const dtMs = Math.min(wall - this.lastWallMs, 250);
    this.lastWallMs = wall;
    this.targetNs = Math.max(this.targetNs, sim.nowNs) + Math.round((dtMs * this.speed) / 1000);
    const t0 = this.clock.now();
    const ns0 = sim.nowNs;
    // Run in bursts of events until the slice budget is spent or the target reached.
    while (this.clock.now() - t0 < SLICE_MS) {
      if (sim.runUntil(this.targetNs, 20_000)) break;
    }
    // When the simulation cannot keep up, do not let the backlog grow without bound.
    if (sim.nowNs < this.targetNs) this.targetNs = sim.nowNs;
    this.rate.simNs += sim.nowNs - ns0;
    this.rate.wallMs += this.clock.now() - t0 + 0;
    if (wall - this.lastFrameMs >= FRAME_MS) {
      this.lastFrameMs = wall;
      this.emit();
    }
    this.schedule();
  }

  private emit(): void {
    if (!this.sim || !this.sink) return;
    const frame = this.sim.takeFrame();
    const now = this.clock.now();
    if (now - this.rate.events >= 1000) {
      const sum = this.sim.summary();
      this.rate.achieved = (this.rate.simNs * 1000) / Math.max(1, now - this.rate.events);
      this.rate.eps = sum.events;
      this.rate.simNs = 0;
      this.rate.events = now;
    }
    this.sink(frame, {
      running: this.running,
      nowNs: this.sim.nowNs,
      speed: this.speed,
      achievedSpeed: this.rate.achieved,
      eventsPerSec: this.rate.eps,
    });
  }
}

/** Typed arrays of a frame, for Comlink.transfer. */
export function frameTransferables(f: Frame): ArrayBuffer[] {
  const bufs: ArrayBuffer[] = [f.tNs.buffer as ArrayBuffer];
  for (const k in f.cols) bufs.push(f.cols[k].buffer as ArrayBuffer);
  bufs.push(
    f.aggT.buffer as ArrayBuffer,
    f.aggN.buffer as ArrayBuffer,
    f.aggNode.buffer as ArrayBuffer,
    f.pingT.buffer as ArrayBuffer,
    f.pingMs.buffer as ArrayBuffer,
    f.pingSta.buffer as ArrayBuffer,
    f.throttled.buffer as ArrayBuffer,
  );
  return [...new Set(bufs)].filter((b) => b.byteLength > 0);
}
