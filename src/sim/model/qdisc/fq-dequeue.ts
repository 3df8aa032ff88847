/**
 * The two fq_dequeue() paths of net/sched/sch_fq.c after q->internal has
 * been served: net-next (bands, EDT time_to_send) and v4.16 (one band,
 * pacing from sk_pacing_rate only), plus the throttling helpers they share.
 */
import { NS_PER_SEC, type Ns } from '../../engine/time';
import { SkbKind, type Skb } from '../skb';
import { FlowState, type FqFlow, type FqFlowList, type ThrottledSet, timeToSend } from './fq-flow';
import { PRIO2BAND } from './pfifo-fast';

export const FQ_BANDS = 3;

/** struct fq_perband_flows. */
export interface FqBand {
  newFlows: FqFlowList;
  oldFlows: FqFlowList;
  credit: number;
  /** Bytes per round: 9·2^16, 3·2^16, 2^16. */
  quantum: number;
}

/** The parts of the fq state the dequeue paths read and update. */
export interface FqSched {
  readonly stats: { throttled: number; pktsTooLong: number };
  readonly quantumBytes: number;
  readonly rateEnable: boolean;
  readonly maxRateBytesPerSec: number;
  readonly lowRateThresholdBytesPerSec: number;
  readonly bands: FqBand[];
  bandNr: number;
  readonly bandPktCount: number[];
  readonly throttledSet: ThrottledSet;
  inactiveFlows: number;
  accountOut(skb: Skb): void;
}

/** fq_check_throttled(): moves flows whose time has come to old_flows. */
export function checkThrottled(q: FqSched, nowNs: Ns): void {
  for (let f = q.throttledSet.popDue(nowNs); f !== null; f = q.throttledSet.popDue(nowNs)) {
    q.bands[f.band].oldFlows.addTail(f);
  }
}

function throttle(q: FqSched, f: FqFlow): void {
  q.throttledSet.add(f);
  q.stats.throttled++;
}

function detach(f: FqFlow, nowNs: Ns): void {
  f.state = FlowState.DETACHED;
  f.ageNs = nowNs;
}

/** fq_pband_head_select(): new flows first, nothing while the band is out of credit. */
function headSelect(pband: FqBand): FqFlowList | null {
  if (pband.credit <= 0) return null;
  if (pband.newFlows.first !== null) return pband.newFlows;
  return pband.oldFlows.first !== null ? pband.oldFlows : null;
}

/** net-next fq_dequeue() after the internal queue: bands, EDT, pacing. */
export function dequeueEdt(q: FqSched, nowNs: Ns): Skb | null {
  let retry = 0;
  let pband = q.bands[q.bandNr];
  for (;;) {
    const head = headSelect(pband);
    if (head === null) {
      let found = false;
      while (++retry <= FQ_BANDS) {
        if (++q.bandNr === FQ_BANDS) q.bandNr = 0;
        pband = q.bands[q.bandNr];
        pband.credit = Math.min(pband.credit + pband.quantum, pband.quantum);
        if (pband.credit > 0) {
          found = true;
          break;
        }
        retry = 0;
      }
      if (!found) return null;
      continue;
    }
    const f = head.first!;
    retry = 0;
    if (f.credit <= 0) {
      f.credit += q.quantumBytes;
      head.removeHead();
      q.bands[f.band].oldFlows.addTail(f);
      continue;
    }
    const skb = f.q.peek();
    if (skb === null) {
      head.removeHead();
      // force a pass through old_flows to prevent starvation
      if (head === pband.newFlows) q.bands[f.band].oldFlows.addTail(f);
      else detach(f, nowNs);
      continue;
    }
    const tnp = Math.max(timeToSend(skb, true), f.timeNextPacketNs);
    if (nowNs < tnp) {
      head.removeHead();
      f.timeNextPacketNs = tnp;
      throttle(q, f);
      continue;
    }
    f.q.shift();
    q.accountOut(skb);
    f.sentPkts++;
    if (f.qlen === 0) q.inactiveFlows++;
    q.bandPktCount[PRIO2BAND[skb.priority & 15]]--;
    let plen = skb.l2Bytes;
    f.credit -= plen;
    pband.credit -= plen;
    if (!q.rateEnable) return skb;
    let rate = q.maxRateBytesPerSec;
    // With an EDT stamp, fq only paces when it enforces a max rate itself.
    if (skb.tstampNs === 0) {
      if (skb.owner !== null) rate = Math.min(skb.owner.pacingRateBytesPerSec, rate);
      if (rate <= q.lowRateThresholdBytesPerSec) {
        f.credit = 0;
      } else {
        plen = Math.max(plen, q.quantumBytes);
        if (f.credit > 0) return skb;
      }
    }
    pace(q, f, plen, rate, nowNs);
    return skb;
  }
}

/** v4.16 fq_dequeue() after the internal queue. */
export function dequeueLegacy(q: FqSched, nowNs: Ns): Skb | null {
  const band = q.bands[0];
  for (;;) {
    let head = band.newFlows;
    if (head.first === null) {
      head = band.oldFlows;
      if (head.first === null) return null;
    }
    const f = head.first!;
    if (f.credit <= 0) {
      f.credit += q.quantumBytes;
      head.removeHead();
      band.oldFlows.addTail(f);
      continue;
    }
    let skb = f.q.peek();
    if (skb !== null && nowNs < f.timeNextPacketNs && skb.kind !== SkbKind.ACK) {
      head.removeHead();
      throttle(q, f);
      continue;
    }
    skb = f.q.shift();
    if (skb === null) {
      head.removeHead();
      if (head === band.newFlows && band.oldFlows.first !== null) {
        band.oldFlows.addTail(f);
      } else {
        detach(f, nowNs);
        q.inactiveFlows++;
      }
      continue;
    }
    q.accountOut(skb);
    f.sentPkts++;
    q.bandPktCount[0]--;
    let plen = skb.l2Bytes;
    f.credit -= plen;
    // Locally generated pure ACKs are not paced.
    if (!q.rateEnable || skb.kind === SkbKind.ACK) return skb;
    let rate = q.maxRateBytesPerSec;
    if (skb.owner !== null) rate = Math.min(skb.owner.pacingRateBytesPerSec, rate);
    if (rate <= q.lowRateThresholdBytesPerSec) {
      f.credit = 0;
    } else {
      plen = Math.max(plen, q.quantumBytes);
      if (f.credit > 0) return skb;
    }
    pace(q, f, plen, rate, nowNs);
    return skb;
  }
}

/** time_next_packet = now + plen/rate, capped at 1 s, less up to half for timer drift. */
function pace(q: FqSched, f: FqFlow, plenBytes: number, rateBytesPerSec: number, nowNs: Ns): void {
  if (rateBytesPerSec === Infinity) return;
  let len =
    rateBytesPerSec > 0 ? Math.floor((plenBytes * NS_PER_SEC) / rateBytesPerSec) : plenBytes * NS_PER_SEC;
  if (len > NS_PER_SEC) {
    len = NS_PER_SEC;
    q.stats.pktsTooLong++;
  }
  if (f.timeNextPacketNs !== 0) len -= Math.min(Math.floor(len / 2), Math.max(0, nowNs - f.timeNextPacketNs));
  f.timeNextPacketNs = nowNs + len;
}
