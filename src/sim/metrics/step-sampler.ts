/**
 * Per-step samples as Flent's runners record them, taken by the simulation
 * itself: at every step after the warm-up each flow's goodput over the step
 * (netperf's demo-mode interval report), its cwnd, smoothed RTT and pacing
 * rate (the ss runner's `tcp_cwnd`, `tcp_rtt`, `tcp_pacing_rate`), and every
 * ping reply with its time (the ping runner). Off unless a host asks for it
 * (a Flent data file); it only reads the model's state, so a run with it has
 * the same packets as one without (its own events add to `Summary.events`).
 */
import type { FlowSteps, StepSeries, StepSummary } from '../api';
import type { Ns } from '../engine/time';
import { Reservoir } from './reservoir';

/** What the sampler reads from one flow at each step. */
export interface StepFlow {
  /** Index of the station (host) the flow goes to; 0 for a single host. */
  station: number;
  deliveredBytes(): number;
  cwndPkts(): number;
  srttMs(): number;
  /** Mbit/s; null when the era's sockets have no pacing rate. */
  pacingMbps: (() => number) | null;
}

/** At most this many steps are kept by default (3.6 h at Flent's 0.2 s); a headless run never gets there. */
const MAX_STEPS = 65_536;

export class StepSampler {
  private readonly flows: FlowSteps[];
  private readonly lastBytes: number[];
  private readonly tNs: number[] = [];
  private readonly totalMbps: number[] = [];
  private lastTotalBytes = 0;
  private readonly pings: { tNs: number[]; rttMs: number[] }[];
  private lastNs: Ns = 0;

  constructor(
    readonly stepNs: Ns,
    readonly startNs: Ns,
    private readonly sources: readonly StepFlow[],
    private readonly stations: readonly string[],
    /** Every flow's in-order bytes (the model's total goodput counter). */
    private readonly totalBytes: () => number,
    /** Steps kept before every other one is dropped; ping replies: twice as many per station. */
    private readonly maxSteps = MAX_STEPS,
  ) {
    this.flows = sources.map((f) => ({
      station: f.station,
      goodputMbps: [],
      cwndPkts: [],
      srttMs: [],
      pacingMbps: f.pacingMbps ? [] : null,
    }));
    this.lastBytes = sources.map(() => 0);
    this.pings = stations.map(() => ({ tNs: [], rttMs: [] }));
  }

  /** The measurement begins: counters are read afresh from here. */
  begin(nowNs: Ns): void {
    this.lastNs = nowNs;
    this.sources.forEach((f, i) => (this.lastBytes[i] = f.deliveredBytes()));
    this.lastTotalBytes = this.totalBytes();
  }

  /** The measurement begins again (a live change): the samples before it describe another run. */
  restart(nowNs: Ns): void {
    this.tNs.length = 0;
    this.totalMbps.length = 0;
    for (const f of this.flows) {
      f.goodputMbps.length = f.cwndPkts.length = f.srttMs.length = 0;
      if (f.pacingMbps) f.pacingMbps.length = 0;
    }
    for (const p of this.pings) p.tNs.length = p.rttMs.length = 0;
    this.begin(nowNs);
  }

  /** One step ends at `nowNs`. */
  sample(nowNs: Ns): void {
    const dtNs = nowNs - this.lastNs;
    if (dtNs <= 0) return;
    if (this.tNs.length >= this.maxSteps) this.thin();
    this.tNs.push(nowNs);
    const total = this.totalBytes();
    this.totalMbps.push(((total - this.lastTotalBytes) * 8 * 1e3) / dtNs);
    this.lastTotalBytes = total;
    this.sources.forEach((f, i) => {
      const out = this.flows[i];
      const bytes = f.deliveredBytes();
      out.goodputMbps.push(((bytes - this.lastBytes[i]) * 8 * 1e3) / dtNs);
      this.lastBytes[i] = bytes;
      out.cwndPkts.push(f.cwndPkts());
      out.srttMs.push(f.srttMs());
      if (f.pacingMbps && out.pacingMbps) out.pacingMbps.push(f.pacingMbps());
    });
    this.lastNs = nowNs;
  }

  /** Keeps every other sample: a live run of hours stays within maxSteps (medians barely move). */
  private thin(): void {
    halve(this.tNs);
    halve(this.totalMbps);
    for (const f of this.flows) {
      halve(f.goodputMbps);
      halve(f.cwndPkts);
      halve(f.srttMs);
      if (f.pacingMbps) halve(f.pacingMbps);
    }
  }

  /** A ping reply while measuring; past 2 × maxSteps of them, every other one is kept, as the steps are. */
  ping(nowNs: Ns, rttMs: number, station: number): void {
    const p = this.pings[station];
    if (!p) return;
    if (p.tNs.length >= 2 * this.maxSteps) {
      halve(p.tNs);
      halve(p.rttMs);
    }
    p.tNs.push(nowNs);
    p.rttMs.push(rttMs);
  }

  series(): StepSeries {
    return {
      stepNs: this.stepNs,
      startNs: this.startNs,
      tNs: [...this.tNs],
      totalGoodputMbps: [...this.totalMbps],
      stations: [...this.stations],
      flows: this.flows.map((f) => ({
        ...f,
        goodputMbps: [...f.goodputMbps],
        cwndPkts: [...f.cwndPkts],
        srttMs: [...f.srttMs],
        pacingMbps: f.pacingMbps ? [...f.pacingMbps] : null,
      })),
      pings: this.pings.map((p, station) => ({ station, tNs: [...p.tNs], rttMs: [...p.rttMs] })),
    };
  }
}

/** Every other element, from the first. */
function halve(a: number[]): void {
  for (let i = 0; 2 * i < a.length; i++) a[i] = a[2 * i];
  a.length = Math.ceil(a.length / 2);
}

function median(values: readonly number[]): number {
  const r = new Reservoir(Math.max(1, values.length));
  for (const v of values) r.add(v);
  return r.median();
}

export function stepSummary(s: StepSeries): StepSummary {
  return {
    stepMs: s.stepNs / 1e6,
    totalGoodputMbps: median(s.totalGoodputMbps),
    flows: s.flows.map((f) => ({
      station: f.station,
      goodputMbps: median(f.goodputMbps),
      cwndPkts: median(f.cwndPkts),
      srttMs: median(f.srttMs),
      pacingMbps: f.pacingMbps ? median(f.pacingMbps) : NaN,
    })),
    pingMs: s.pings.map((p) => median(p.rttMs)),
  };
}
