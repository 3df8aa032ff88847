/**
 * What a user compares with `ss -tinm` and `tc -s qdisc`: per TCP flow its
 * srtt, cwnd, pacing rate, delivery rate and skmem t, per qdisc its backlog
 * in skbs and bytes, each sampled at the model's sample interval while
 * measuring and summed up as p10 / median / p90 (bounded reservoirs: memory
 * stays fixed however long the run).
 */
import type { FlowSummary, QdiscSummary, Quantiles } from '../api';
import { NS_PER_SEC, type Ns } from '../engine/time';
import { Reservoir } from '../metrics/reservoir';
import type { Qdisc } from '../model/qdisc/qdisc';
import type { TcpReceiver } from '../model/tcp/receiver';
import type { TcpSender } from '../model/tcp/sender';

/** Samples kept per quantity (decimated beyond it). */
const CAPACITY = 4096;

const quantiles = (r: Reservoir): Quantiles => ({
  p10: r.quantile(0.1),
  median: r.quantile(0.5),
  p90: r.quantile(0.9),
});

class FlowSeries {
  readonly srttMs = new Reservoir(CAPACITY);
  readonly cwnd = new Reservoir(CAPACITY);
  readonly pacingBps = new Reservoir(CAPACITY);
  readonly deliveryBps = new Reservoir(CAPACITY);
  readonly skmemT = new Reservoir(CAPACITY);
  baseBytes = 0;
  baseThrottledNs = 0;
}

class QdiscSeries {
  readonly pkts = new Reservoir(CAPACITY);
  readonly bytes = new Reservoir(CAPACITY);
}

export class FlowStats {
  private flows: FlowSeries[] = [];
  private queues: QdiscSeries[] = [];
  private sinceNs: Ns = 0;

  /** Starts over at the beginning of the measurement. */
  reset(
    senders: readonly TcpSender[],
    receivers: readonly TcpReceiver[],
    qdiscs: readonly Qdisc[],
    nowNs: Ns,
  ): void {
    this.sinceNs = nowNs;
    this.flows = senders.map((s, i) => {
      const f = new FlowSeries();
      f.baseBytes = receivers[i]?.bytesInOrder ?? 0;
      f.baseThrottledNs = s.throttledTimeNs(nowNs);
      return f;
    });
    this.queues = qdiscs.map(() => new QdiscSeries());
  }

  sample(senders: readonly TcpSender[], qdiscs: readonly Qdisc[], hasPacingRate: boolean): void {
    for (let i = 0; i < this.flows.length && i < senders.length; i++) {
      const s = senders[i];
      const f = this.flows[i];
      if (s.srttNs > 0) f.srttMs.add(s.srttNs / 1e6);
      f.cwnd.add(s.snd_cwnd);
      if (hasPacingRate && Number.isFinite(s.pacingRateBytesPerSec))
        f.pacingBps.add(s.pacingRateBytesPerSec * 8);
      const dr = s.ack.lastDeliveryRateBytesPerSec;
      if (dr >= 0) f.deliveryBps.add(dr * 8);
      f.skmemT.add(s.wmemBytes + s.tsqRefs);
    }
    for (let i = 0; i < this.queues.length && i < qdiscs.length; i++) {
      this.queues[i].pkts.add(qdiscs[i].backlogPkts);
      this.queues[i].bytes.add(qdiscs[i].backlogBytes);
    }
  }

  flowSummaries(senders: readonly TcpSender[], receivers: readonly TcpReceiver[], nowNs: Ns): FlowSummary[] {
    const dt = nowNs - this.sinceNs;
    return this.flows.map((f, i) => {
      const s = senders[i];
      const bytes = (receivers[i]?.bytesInOrder ?? 0) - f.baseBytes;
      return {
        flow: s.flowId,
        goodputBps: dt > 0 ? (bytes * 8 * NS_PER_SEC) / dt : 0,
        srttMs: quantiles(f.srttMs),
        minRttMs: s.minRttNs / 1e6,
        cwndPkts: quantiles(f.cwnd),
        pacingRateBps: quantiles(f.pacingBps),
        deliveryRateBps: quantiles(f.deliveryBps),
        skmemTBytes: quantiles(f.skmemT),
        throttledFraction: dt > 0 ? (s.throttledTimeNs(nowNs) - f.baseThrottledNs) / dt : 0,
        totalRetrans: s.totalRetrans,
        lost: s.rtx.lostOut,
        dsacks: receivers[i]?.dsacks ?? 0,
        reordering: s.ack.reordering,
        reordSeen: s.ack.reordSeen,
      };
    });
  }

  qdiscSummaries(names: readonly string[], qdiscs: readonly Qdisc[]): QdiscSummary[] {
    return this.queues.map((q, i) => ({
      name: names[i] ?? `qdisc ${i}`,
      backlogPkts: quantiles(q.pkts),
      backlogBytes: quantiles(q.bytes),
      drops: qdiscs[i]?.stats.drops ?? 0,
      requeues: qdiscs[i]?.stats.requeues ?? 0,
      overlimits: qdiscs[i]?.stats.overlimits ?? 0,
    }));
  }
}
