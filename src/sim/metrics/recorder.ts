/**
 * Collects what hosts show: fixed-interval samples of registered probes
 * (columnar, bounded), per-event points (aggregates, pings, throttle
 * intervals, parameter changes), and the reservoirs behind summaries.
 */
import type { Frame, ParamChange, SeriesSpec } from '../api';
import type { Ns } from '../engine/time';
import { IntHistogram, Reservoir } from './reservoir';
import { MinstrelAmpduLen } from '../model/wifi/mac80211/minstrel-ampdu-len';

/** Frame buffers stop growing at this many samples (older ones are dropped). */
const MAX_FRAME_SAMPLES = 50_000;
/** Capacity a column starts with and never shrinks below. */
const MIN_COLUMN_CAPACITY = 1024;

export interface Probe {
  spec: SeriesSpec;
  read: (nowNs: Ns) => number;
}

class Column {
  data = new Float64Array(MIN_COLUMN_CAPACITY);
  n = 0;
  push(v: number): void {
    if (this.n === this.data.length) {
      if (this.n >= MAX_FRAME_SAMPLES) {
        this.data.copyWithin(0, this.n / 2, this.n);
        this.n /= 2;
      } else {
        const d = new Float64Array(this.data.length * 2);
        d.set(this.data);
        this.data = d;
      }
    }
    this.data[this.n++] = v;
  }
  /** Copies the samples to `into` from `at` and starts over; returns them as a view there. */
  takeInto(into: Float64Array, at: number): Float64Array {
    into.set(this.data.subarray(0, this.n), at);
    const out = into.subarray(at, at + this.n);
    // A host that fell behind once (a busy page) leaves a large buffer; halve
    // it while takes stay small, so the heap follows what is in use.
    if (this.data.length > MIN_COLUMN_CAPACITY && this.n * 4 < this.data.length) {
      this.data = new Float64Array(this.data.length / 2);
    }
    this.n = 0;
    return out;
  }
}

export class Recorder {
  readonly probes: Probe[] = [];
  private readonly t = new Column();
  private cols: Column[] = [];
  private readonly aggT = new Column();
  private readonly aggN = new Column();
  private readonly aggNode = new Column();
  private readonly pingT = new Column();
  private readonly pingMs = new Column();
  private readonly pingSta = new Column();
  private readonly thr = new Column();
  private changes: ParamChange[] = [];
  /** Per probe, the sum of its samples since the measurement began (the summary's series means). */
  private sums = new Float64Array(0);
  private nSums = 0;
  /** Summary stores, cleared at the end of warm-up. */
  readonly pings: Reservoir[] = [];
  readonly pingAll = new Reservoir();
  readonly aggregates: IntHistogram[] = [];
  readonly aggAll = new IntHistogram();
  readonly completionNs = new Reservoir();
  /** Per station: minstrel_ht's avg_ampdu_len as debugfs shows it, sampled once per stats step. */
  readonly avgAmpduLen: Reservoir[] = [];
  private readonly minstrel: MinstrelAmpduLen[] = [];
  private readonly nextStatsNs: Ns[] = [];

  /** `statsStepNs`: how often a stats runner reads rc_stats_csv (Flent: once per step). */
  constructor(
    private readonly framesEnabled = true,
    private readonly statsStepNs: Ns = 200_000_000,
  ) {}

  addProbe(spec: SeriesSpec, read: (nowNs: Ns) => number): void {
    this.probes.push({ spec, read });
    this.cols.push(new Column());
    const sums = new Float64Array(this.probes.length);
    sums.set(this.sums);
    this.sums = sums;
  }

  sample(nowNs: Ns): void {
    if (!this.framesEnabled) return;
    this.t.push(nowNs);
    const sums = this.sums;
    for (let i = 0; i < this.probes.length; i++) {
      const v = this.probes[i].read(nowNs);
      this.cols[i].push(v);
      sums[i] += v;
    }
    this.nSums++;
  }

  get recordsFrames(): boolean {
    return this.framesEnabled;
  }

  /** Per series, the mean of its samples since the measurement began (runs that record frames). */
  seriesMeans(): Record<string, number> {
    const out: Record<string, number> = {};
    for (let i = 0; i < this.probes.length; i++)
      out[this.probes[i].spec.key] = this.nSums > 0 ? this.sums[i] / this.nSums : NaN;
    return out;
  }

  aggregate(nowNs: Ns, nframes: number, node: number, measuring: boolean): void {
    if (this.framesEnabled) {
      this.aggT.push(nowNs);
      this.aggN.push(nframes);
      this.aggNode.push(node);
    }
    this.minstrelStatus(nowNs, nframes, node, measuring);
    if (!measuring) return;
    this.aggAll.add(nframes);
    while (this.aggregates.length <= node) this.aggregates.push(new IntHistogram());
    this.aggregates[node].add(nframes);
  }

  /**
   * The rate controller sees each transmission's status; the value only
   * changes there, so the readings due since the last one are taken first.
   */
  private minstrelStatus(nowNs: Ns, nframes: number, node: number, measuring: boolean): void {
    while (this.minstrel.length <= node) {
      this.minstrel.push(new MinstrelAmpduLen(nowNs));
      this.nextStatsNs.push(nowNs + this.statsStepNs);
      this.avgAmpduLen.push(new Reservoir(4096));
    }
    const m = this.minstrel[node];
    for (; this.nextStatsNs[node] <= nowNs; this.nextStatsNs[node] += this.statsStepNs) {
      if (measuring) this.avgAmpduLen[node].add(m.shown());
    }
    m.txStatus(nframes, nowNs);
  }

  ping(nowNs: Ns, rttNs: Ns, station: number, measuring: boolean): void {
    if (this.framesEnabled) {
      this.pingT.push(nowNs);
      this.pingMs.push(rttNs / 1e6);
      this.pingSta.push(station);
    }
    if (!measuring) return;
    this.pingAll.add(rttNs / 1e6);
    while (this.pings.length <= station) this.pings.push(new Reservoir(16384));
    this.pings[station].add(rttNs / 1e6);
  }

  throttled(startNs: Ns, endNs: Ns): void {
    if (!this.framesEnabled) return;
    this.thr.push(startNs);
    this.thr.push(endNs);
  }

  change(c: ParamChange): void {
    this.changes.push(c);
  }

  /** Clears summary stores (end of warm-up). */
  resetSummaries(): void {
    this.sums.fill(0);
    this.nSums = 0;
    this.pingAll.clear();
    for (const p of this.pings) p.clear();
    this.aggAll.clear();
    for (const a of this.aggregates) a.clear();
    for (const a of this.avgAmpduLen) a.clear();
    this.completionNs.clear();
  }

  /**
   * The samples since the last call, every array a view into one new buffer:
   * a frame then crosses to the app as a single transferable, and the app's
   * GC sweeps one backing store per frame instead of dozens.
   */
  takeFrame(nowNs: Ns): Frame {
    const own = [this.t, this.aggT, this.aggN, this.aggNode, this.pingT, this.pingMs, this.pingSta, this.thr];
    let total = 0;
    for (const c of own) total += c.n;
    for (const c of this.cols) total += c.n;
    const all = new Float64Array(total);
    let at = 0;
    const take = (c: Column): Float64Array => {
      const v = c.takeInto(all, at);
      at += v.length;
      return v;
    };
    const cols: Record<string, Float64Array> = {};
    for (let i = 0; i < this.probes.length; i++) cols[this.probes[i].spec.key] = take(this.cols[i]);
    const changes = this.changes;
    this.changes = [];
    return {
      nowNs,
      tNs: take(this.t),
      cols,
      aggT: take(this.aggT),
      aggN: take(this.aggN),
      aggNode: take(this.aggNode),
      pingT: take(this.pingT),
      pingMs: take(this.pingMs),
      pingSta: take(this.pingSta),
      throttled: take(this.thr),
      changes,
    };
  }
}
