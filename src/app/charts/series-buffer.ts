/**
 * Chart data, kept outside React state: bounded rings fed by the worker's
 * frames. Charts subscribe transiently (subscribe → redraw in the next
 * animation frame) and read the rings directly.
 */
import type { Frame, ParamChange, ParamValue } from '../../worker/protocol';
import { ColumnRing } from './column-ring';

export interface BufferCapacity {
  /** Sampled rows kept per series (the last ones). */
  samples: number;
  /** A-MPDU and ping points kept. */
  points: number;
  /** Throttled intervals kept. */
  intervals: number;
  /** Parameter changes kept. */
  changes: number;
}

export const DEFAULT_CAPACITY: BufferCapacity = {
  samples: 1 << 15,
  points: 1 << 15,
  // Throttled intervals can be as frequent as samples (many short throttles at 10 Gbit/s).
  intervals: 1 << 15,
  changes: 256,
};

/** A knob that restarts the run (ParamSpec.live false), as the host sends it. */
export interface RestartChange {
  key: string;
  from: ParamValue;
  to: ParamValue;
}

/** The rings a kept run is moved into replace these at once (see keepAsBefore). */
const NO_CAPACITY: BufferCapacity = { samples: 1, points: 1, intervals: 1, changes: 1 };

export class SeriesBuffers {
  /** Column 0 't', then one column per series key. */
  samples: ColumnRing;
  /** t, frames per A-MPDU, transmitting node. */
  agg: ColumnRing;
  /** t, RTT in ms, station. */
  ping: ColumnRing;
  /** Throttled [start, end) in ns; 't' is the start. */
  throttled: ColumnRing;
  changes: ParamChange[] = [];
  /**
   * The run a knob restarted, kept as it ended: the charts draw it greyed
   * behind this run, and this run's changes start with that knob's change at
   * t = 0 (where the new value took effect). Null after any other new run.
   */
  before: SeriesBuffers | null = null;
  /** The restart the host has sent and whose run has not arrived yet. */
  private restartComing: RestartChange | null = null;
  /** Run whose samples these are; frames of other runs reset the buffers. */
  runId = -1;
  nowNs = 0;
  /** Increments on every change, so drawers can skip redundant work. */
  version = 0;
  /** Version of the push that brought the newest parameter change. */
  changesVersion = -1;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly cap: BufferCapacity = DEFAULT_CAPACITY) {
    this.samples = new ColumnRing(['t'], cap.samples);
    this.agg = new ColumnRing(['t', 'n', 'node'], cap.points);
    this.ping = new ColumnRing(['t', 'ms', 'sta'], cap.points);
    this.throttled = new ColumnRing(['t', 'end'], cap.intervals);
  }

  /**
   * The host is about to send a knob that restarts the run (null: it was
   * refused): the next new run keeps this one as `before`.
   */
  expectRestart(c: RestartChange | null): void {
    this.restartComing = c;
  }

  /** Starts over for a new run whose frames carry these series keys. */
  reset(runId: number, keys: readonly string[]): void {
    const restart = this.restartComing;
    this.restartComing = null;
    this.before = restart && this.samples.length ? this.keepAsBefore() : null;
    const same =
      keys.length + 1 === this.samples.names.length && keys.every((k, i) => this.samples.names[i + 1] === k);
    if (same) this.samples.clear();
    else this.samples = new ColumnRing(['t', ...keys], this.cap.samples);
    this.agg.clear();
    this.ping.clear();
    this.throttled.clear();
    this.changes =
      this.before && restart ? [{ tNs: 0, key: restart.key, from: restart.from, to: restart.to }] : [];
    this.changesVersion = -1;
    this.runId = runId;
    this.nowNs = 0;
    this.bump();
  }

  /** This run's rings, moved into a SeriesBuffers of their own; this one gets new rings. */
  private keepAsBefore(): SeriesBuffers {
    const b = new SeriesBuffers(NO_CAPACITY);
    b.samples = this.samples;
    b.agg = this.agg;
    b.ping = this.ping;
    b.throttled = this.throttled;
    b.runId = this.runId;
    b.nowNs = this.nowNs;
    this.samples = new ColumnRing(this.samples.names, this.cap.samples);
    this.agg = new ColumnRing(this.agg.names, this.cap.points);
    this.ping = new ColumnRing(this.ping.names, this.cap.points);
    this.throttled = new ColumnRing(this.throttled.names, this.cap.intervals);
    return b;
  }

  /** Appends a frame; a frame of a new run first resets. Frames of older runs are dropped. */
  push(f: Frame, runId: number): void {
    if (runId < this.runId) return;
    if (runId !== this.runId) this.reset(runId, Object.keys(f.cols));
    const s = this.samples;
    const src: (Float64Array | undefined)[] = [f.tNs];
    for (let c = 1; c < s.names.length; c++) src.push(f.cols[s.names[c]]);
    s.pushRows(src, f.tNs.length);
    this.agg.pushRows([f.aggT, f.aggN, f.aggNode], f.aggT.length);
    this.ping.pushRows([f.pingT, f.pingMs, f.pingSta], f.pingT.length);
    const nIv = f.throttled.length >> 1;
    if (nIv) {
      const st = new Float64Array(nIv);
      const en = new Float64Array(nIv);
      for (let i = 0; i < nIv; i++) {
        st[i] = f.throttled[2 * i];
        en[i] = f.throttled[2 * i + 1];
      }
      this.throttled.pushRows([st, en], nIv);
    }
    if (f.changes.length) {
      this.changes = this.changes.concat(f.changes);
      if (this.changes.length > this.cap.changes) this.changes = this.changes.slice(-this.cap.changes);
    }
    this.nowNs = f.nowNs;
    this.bump();
    if (f.changes.length) this.changesVersion = this.version;
  }

  /** Earliest time still held by any ring (NaN when empty). */
  startNs(): number {
    let t = Infinity;
    for (const r of [this.samples, this.agg, this.ping]) if (r.length) t = Math.min(t, r.firstT());
    return t === Infinity ? NaN : t;
  }

  /** Latest value of a series, NaN if absent or empty. */
  latest(key: string): number {
    const c = this.samples.col(key);
    return c > 0 && this.samples.length ? this.samples.get(c, this.samples.length - 1) : NaN;
  }

  /** Largest finite value of a series over its last `rows` samples (0 if none). */
  recentMax(key: string, rows: number): number {
    const s = this.samples;
    const c = s.col(key);
    let m = 0;
    if (c <= 0) return m;
    for (let i = Math.max(0, s.length - rows); i < s.length; i++) {
      const v = s.get(c, i);
      if (v > m) m = v;
    }
    return m;
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }

  private bump(): void {
    this.version++;
    for (const fn of this.listeners) fn();
  }
}
