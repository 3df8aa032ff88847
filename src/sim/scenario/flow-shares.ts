/**
 * Each bulk flow's part of a run for the summary (Summary.flowShares): its
 * goodput over the part of its lifetime after warm-up, its start and stop,
 * the base RTT of its path and its mean smoothed RTT — the per-flow rows of
 * Flent's rtt_fair tests — and, where the scenario gives it, its direction
 * (rrul's uploads and downloads).
 */
import type { FlowShare, LimitShares, TransactionSummary } from '../api';
import { LIMIT_REASONS, type LimitReason } from '../model/tcp/limit-chrono';
import { NS_PER_MS, NS_PER_SEC, type Ns } from '../engine/time';
import type { TcpReceiver } from '../model/tcp/receiver';
import type { TcpSender } from '../model/tcp/sender';

/** When a flow's application writes, and its path's base RTT. */
export interface FlowTimes {
  startNs: Ns;
  /** The start as the scenario gives it (startNs adds a 1 µs stagger between flows). */
  startMs?: number;
  /** When the application stops writing (null: never). */
  stopNs: Ns | null;
  name?: string;
  /** Two-way propagation of the flow's path (NaN: not fixed by the scenario). */
  baseRttNs?: Ns;
  /** Which way its data goes, when the scenario says (tcp.perFlow.N.direction). */
  direction?: 'up' | 'down';
}

export class FlowShares {
  private base: number[] = [];
  /** Bytes delivered when the flow stopped writing (null: still running). */
  private atStop: (number | null)[] = [];
  private srttSum: number[] = [];
  private srttN: number[] = [];
  private measureFromNs: Ns = 0;
  /** Each sender's limit times when the measurement began (or its flow started after it). */
  private limitsBase: (Record<LimitReason, number> | null)[] = [];
  private measuring = false;

  constructor(
    private readonly times: FlowTimes[],
    private readonly senders: TcpSender[],
    private readonly receivers: () => TcpReceiver[],
  ) {}

  /** The measurement starts: goodput and srtt count from here. */
  begin(nowNs: Ns): void {
    this.measuring = true;
    this.measureFromNs = nowNs;
    const rx = this.receivers();
    this.base = this.times.map((_, i) => rx[i]?.bytesInOrder ?? 0);
    this.srttSum = this.times.map(() => 0);
    this.srttN = this.times.map(() => 0);
    this.limitsBase = this.senders.map((s) => s.limits.times(nowNs));
    for (const s of this.senders) s.app.policy.rr?.beginMeasure(nowNs);
  }

  /** Flow i's application stops writing at nowNs. */
  stopped(i: number, _nowNs: Ns): void {
    this.atStop[i] = this.receivers()[i]?.bytesInOrder ?? 0;
  }

  /** A sample: each active flow's srtt, once it has one. */
  sample(nowNs: Ns): void {
    if (!this.measuring) return;
    this.times.forEach((t, i) => {
      const s = this.senders[i];
      if (!s || nowNs < t.startNs || this.atStop[i] != null || s.srttNs <= 0) return;
      this.srttSum[i] += s.srttNs;
      this.srttN[i]++;
    });
  }

  /** Shares of the measured time (up to the flow's stop) per limit reason. */
  private limitShares(i: number, toNs: Ns): LimitShares {
    const s = this.senders[i];
    const base = this.limitsBase[i];
    const out = { app: NaN, sndbuf: NaN, cwnd: NaN, rwnd: NaN, pacing: NaN, tsq: NaN };
    if (!s || !base || !this.measuring) return out;
    const now = s.limits.times(toNs);
    const d = LIMIT_REASONS.map((r) => Math.max(0, now[r] - base[r]));
    // Before its connection opened the flow was no one's to limit: that time is not 'app'.
    d[0] = Math.max(0, d[0] - Math.max(0, this.times[i].startNs - this.measureFromNs));
    const total = d.reduce((a, b) => a + b, 0);
    if (total > 0) LIMIT_REASONS.forEach((r, k) => (out[r] = d[k] / total));
    return out;
  }

  /** netperf TCP_RR's figures: transactions per second and their times, over the measured part. */
  private transactions(i: number, fromNs: Ns, toNs: Ns): { transactions?: TransactionSummary } {
    const rr = this.senders[i]?.app.policy.rr;
    if (!rr) return {};
    const us = (q: number) => rr.latencyNs.quantile(q) / 1000;
    return {
      transactions: {
        perSec: this.measuring && toNs > fromNs ? (rr.measured * NS_PER_SEC) / (toNs - fromNs) : NaN,
        latencyUs: { p50: us(0.5), p90: us(0.9), p99: us(0.99) },
      },
    };
  }

  summary(nowNs: Ns): FlowShare[] {
    const rx = this.receivers();
    return this.times.map((t, i) => {
      const from = Math.max(this.measureFromNs, t.startNs);
      const to = t.stopNs !== null ? Math.min(nowNs, t.stopNs) : nowNs;
      const bytes = (this.atStop[i] ?? rx[i]?.bytesInOrder ?? 0) - (this.base[i] ?? 0);
      return {
        name: t.name ?? `flow ${i + 1}`,
        startMs: t.startMs ?? t.startNs / NS_PER_MS,
        stopMs: t.stopNs === null ? null : t.stopNs / NS_PER_MS,
        baseRttMs: (t.baseRttNs ?? NaN) / NS_PER_MS,
        goodputBps: this.measuring && to > from ? (bytes * 8 * NS_PER_SEC) / (to - from) : NaN,
        meanSrttMs: this.srttN[i] > 0 ? this.srttSum[i] / this.srttN[i] / NS_PER_MS : NaN,
        limited: this.limitShares(i, to),
        ...this.transactions(i, from, to),
        ...(t.direction ? { direction: t.direction } : {}),
      };
    });
  }
}
