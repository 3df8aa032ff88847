/**
 * What a run's summary measures from: each counter as it stood when the
 * warm-up ended (Model.beginMeasurement), so the summary covers the
 * measured part alone, and the TSQ sums taken at each sample since.
 */
import type { Ns } from '../engine/time';
import type { WiredNic } from '../model/nic/wired-nic';
import type { TcpSender } from '../model/tcp/sender';
import type { Model } from './model';

export class MeasureBase {
  /** When the measurement began, and the delivered bytes, CPU time and first sender's throttled time then. */
  tNs = 0;
  bytes = 0;
  cpuNs = 0;
  thrNs = 0;
  /** Each sender's throttled time, each station's delivered bytes and airtime, each bottleneck's busy time. */
  thr: number[] = [];
  stationBytes: number[] = [];
  stationAir: number[] = [];
  bottleneckBusy: number[] = [];
  /** Sums of sk_wmem_alloc and the TSQ limit at each sample: the first sender's, and every sender's together. */
  private tsq = { n: 0, wmemBytes: 0, limitBytes: 0, allWmemBytes: 0, allLimitBytes: 0 };

  /** Takes the model's counters as they stand now. */
  begin(m: Model, nowNs: Ns): void {
    this.tsq = { n: 0, wmemBytes: 0, limitBytes: 0, allWmemBytes: 0, allLimitBytes: 0 };
    this.bottleneckBusy = m.bottlenecks.map((nic) => nic.busyNs);
    this.thr = m.senders.map((s) => s.throttledTimeNs(nowNs));
    this.tNs = nowNs;
    this.bytes = m.deliveredBytes();
    this.cpuNs = m.cpu.busyTimeNs();
    this.thrNs = m.senders[0]?.throttledTimeNs(nowNs) ?? 0;
    this.stationBytes = m.stationBytes.map((f) => f());
    this.stationAir = m.stationAirtime.map((f) => f());
  }

  /** One sample of the senders' sk_wmem_alloc and TSQ limits. */
  sampleTsq(senders: readonly TcpSender[]): void {
    const t = this.tsq;
    t.n++;
    t.wmemBytes += senders[0].wmemBytes;
    t.limitBytes += senders[0].tsqLimit;
    for (const s of senders) {
      t.allWmemBytes += s.wmemBytes;
      t.allLimitBytes += s.tsqLimit;
    }
  }

  /** Time averages of the first sender's sk_wmem_alloc and TSQ limit (null before a sample). */
  tsqMeans(): { wmemBytes: number; limitBytes: number } | null {
    const t = this.tsq;
    return t.n === 0 ? null : { wmemBytes: t.wmemBytes / t.n, limitBytes: t.limitBytes / t.n };
  }

  /** The same over every sender: sk_wmem_alloc summed over the flows, and their limits summed. */
  tsqTotalMeans(): { wmemBytes: number; limitBytes: number } | null {
    const t = this.tsq;
    return t.n === 0 ? null : { wmemBytes: t.allWmemBytes / t.n, limitBytes: t.allLimitBytes / t.n };
  }

  /** Each sender's share of time TSQ-throttled since the measurement began. */
  throttledFractions(senders: readonly TcpSender[], nowNs: Ns): number[] {
    const dt = nowNs - this.tNs;
    return senders.map((s, i) => (dt > 0 ? (s.throttledTimeNs(nowNs) - (this.thr[i] ?? 0)) / dt : 0));
  }

  /** The share of time each bottleneck link was busy since the measurement began (since t = 0 before it). */
  bottleneckUtilization(bottlenecks: readonly WiredNic[], nowNs: Ns, measuring: boolean): number[] {
    const since = measuring ? this.tNs : 0;
    const dt = nowNs - since;
    return bottlenecks.map((nic, i) =>
      dt > 0 ? (nic.busyNs - (measuring ? (this.bottleneckBusy[i] ?? 0) : 0)) / dt : 0,
    );
  }
}
