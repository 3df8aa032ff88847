/**
 * CoDel, the Controlled-Delay AQM, as include/net/codel.h and
 * include/net/codel_impl.h implement it (codel_should_drop, codel_dequeue,
 * codel_control_law). Shared by sch_fq_codel and mac80211's FQ-CoDel.
 *
 * Differences from the kernel, on purpose:
 * - Time is integer ns (the kernel uses 1024-ns codel_time_t units).
 * - The control law uses Math.sqrt instead of the Q0.32 Newton iteration;
 *   count / lastcount / the 16·interval re-entry rule are exactly the kernel's.
 * - A packet is marked instead of dropped when the instance has `ecn` on
 *   and the skb is ECT (skb.ect; INET_ECN_set_ce succeeds).
 */
import { preferDoubleFields } from '../../engine/double-fields';
import type { Ns } from '../../engine/time';
import { NS_PER_MS } from '../../engine/time';
import type { Skb } from '../skb';

export interface CodelParams {
  /** Acceptable standing queue delay (codel_params.target). */
  targetNs: Ns;
  /** Width of the moving interval over which the minimum delay is judged. */
  intervalNs: Ns;
  /** Below this backlog (bytes) CoDel never drops (codel_params.mtu). */
  mtuBytes: number;
  /** Mark ECN-capable packets instead of dropping them. */
  ecn: boolean;
  /** Mark CE when the sojourn time exceeds this (Infinity = off, CODEL_DISABLED_THRESHOLD). */
  ceThresholdNs: Ns;
}

/** codel_params_init(): target 5 ms, interval 100 ms, no ECN, ce_threshold off; mtu = psched_mtu (1514). */
export function codelParams(p?: Partial<CodelParams>): CodelParams {
  return {
    targetNs: 5 * NS_PER_MS,
    intervalNs: 100 * NS_PER_MS,
    mtuBytes: 1514,
    ecn: false,
    ceThresholdNs: Infinity,
    ...p,
  };
}

/** struct codel_vars: per-queue CoDel state. */
export class CodelVars {
  /** Packets dropped/marked since entering the dropping state. */
  count = 0;
  /** count at the previous entry into the dropping state. */
  lastcount = 0;
  dropping = false;
  /** 1/sqrt(count) as a float (the kernel keeps it in Q0.16). */
  recInvSqrt = 0;
  /** When the sojourn time may first be judged "above target for an interval"; 0 = not above. */
  firstAboveTimeNs: Ns = 0;
  /** Time of the next scheduled drop while dropping. */
  dropNextNs: Ns = 0;
  /** Sojourn time of the last packet examined. */
  ldelayNs: Ns = 0;

  /** codel_vars_init(). */
  reset(): void {
    this.count = 0;
    this.lastcount = 0;
    this.dropping = false;
    this.recInvSqrt = 0;
    this.firstAboveTimeNs = 0;
    this.dropNextNs = 0;
    this.ldelayNs = 0;
  }
}

// Timestamps outgrow small integers during a run (see double-fields.ts).
preferDoubleFields(new CodelVars(), ['firstAboveTimeNs', 'dropNextNs', 'ldelayNs', 'recInvSqrt']);

/** The per-queue source CoDel pulls from (a flow's FIFO). */
export interface CodelSource {
  /** Removes the head skb and accounts it out of the backlog; null when empty. */
  dequeueHead(nowNs: Ns): Skb | null;
  /**
   * Backlog compared with params.mtuBytes, read after dequeueHead (fq_codel
   * passes the whole qdisc's backlog, mac80211 the flow's).
   */
  readonly backlogBytes: number;
}

/** struct codel_stats plus the drop/mark counters codel_dequeue updates. */
export interface CodelStats {
  drops: number;
  ecnMarks: number;
  maxPacketBytes: number;
}

export function codelStats(): CodelStats {
  return { drops: 0, ecnMarks: 0, maxPacketBytes: 0 };
}

/** INET_ECN_set_ce(): succeeds only for ECN-capable transport packets. */
function setCe(skb: Skb, p: CodelParams): boolean {
  if (!p.ecn || !skb.ect) return false;
  skb.ecnCE = true;
  return true;
}

/** codel_control_law(): t + interval/sqrt(count), floored to whole ns. */
function controlLaw(tNs: Ns, intervalNs: Ns, recInvSqrt: number): Ns {
  return tNs + Math.floor(intervalNs * recInvSqrt);
}

function setCount(vars: CodelVars, count: number): void {
  vars.count = count;
  vars.recInvSqrt = 1 / Math.sqrt(count);
}

/** codel_should_drop(): true once the sojourn time stayed above target for an interval. */
function shouldDrop(
  skb: Skb | null,
  src: CodelSource,
  vars: CodelVars,
  p: CodelParams,
  stats: CodelStats,
  nowNs: Ns,
): boolean {
  if (skb === null) {
    vars.firstAboveTimeNs = 0;
    return false;
  }
  vars.ldelayNs = nowNs - skb.enqueueNs;
  const len = skb.l2Bytes;
  if (len > stats.maxPacketBytes) stats.maxPacketBytes = len;

  if (vars.ldelayNs < p.targetNs || src.backlogBytes <= p.mtuBytes) {
    // went below: must stay above for a whole interval again before dropping
    vars.firstAboveTimeNs = 0;
    return false;
  }
  if (vars.firstAboveTimeNs === 0) {
    vars.firstAboveTimeNs = nowNs + p.intervalNs;
    return false;
  }
  return nowNs > vars.firstAboveTimeNs;
}

/**
 * codel_dequeue(): returns the skb to send (possibly ECN-marked, skb.ecnCE=true)
 * or null; dropped skbs are counted in stats.drops and handed to drop().
 */
export function codelDequeue(
  src: CodelSource,
  vars: CodelVars,
  p: CodelParams,
  stats: CodelStats,
  nowNs: Ns,
  drop: (skb: Skb, nowNs: Ns) => void,
): Skb | null {
  let skb = src.dequeueHead(nowNs);
  if (skb === null) {
    vars.dropping = false;
    return null;
  }
  const ok = shouldDrop(skb, src, vars, p, stats, nowNs);
  if (vars.dropping) {
    if (!ok) {
      // sojourn time below target: leave the dropping state
      vars.dropping = false;
    } else {
      // A large backlog may need several drops now, hence the loop.
      while (vars.dropping && nowNs >= vars.dropNextNs) {
        setCount(vars, vars.count + 1);
        if (setCe(skb!, p)) {
          stats.ecnMarks++;
          vars.dropNextNs = controlLaw(vars.dropNextNs, p.intervalNs, vars.recInvSqrt);
          break;
        }
        stats.drops++;
        drop(skb!, nowNs);
        skb = src.dequeueHead(nowNs);
        if (!shouldDrop(skb, src, vars, p, stats, nowNs)) {
          vars.dropping = false;
        } else {
          vars.dropNextNs = controlLaw(vars.dropNextNs, p.intervalNs, vars.recInvSqrt);
        }
      }
    }
  } else if (ok) {
    if (setCe(skb, p)) {
      stats.ecnMarks++;
    } else {
      stats.drops++;
      drop(skb, nowNs);
      skb = src.dequeueHead(nowNs);
      // evaluated for its side effects on first_above_time / ldelay
      shouldDrop(skb, src, vars, p, stats, nowNs);
    }
    vars.dropping = true;
    // If we went above target soon after the last episode, its drop rate is a
    // good starting point (kernel: delta > 1 && now - drop_next < 16·interval).
    const delta = vars.count - vars.lastcount;
    if (delta > 1 && nowNs - vars.dropNextNs < 16 * p.intervalNs) {
      setCount(vars, delta);
    } else {
      setCount(vars, 1);
    }
    vars.lastcount = vars.count;
    vars.dropNextNs = controlLaw(nowNs, p.intervalNs, vars.recInvSqrt);
  }
  if (skb !== null && vars.ldelayNs > p.ceThresholdNs && setCe(skb, p)) {
    stats.ecnMarks++;
  }
  return skb;
}

/**
 * Whether codel_dequeue() would hand over, without a drop or a mark, a
 * packet of `lenBytes` at the head of `vars`' queue, enqueued at
 * `enqueueNs`, with `backlogAfterBytes` left once it is out. If so, what its
 * codel_should_drop() changes is done here, as codelDequeue would; if not,
 * nothing is changed, and codelDequeue, run on the packet itself, decides.
 * For a qdisc that hands several packets of one flow on at once (a train's,
 * ../skb-train.ts).
 */
export function codelPasses(
  vars: CodelVars,
  p: CodelParams,
  stats: CodelStats,
  enqueueNs: Ns,
  lenBytes: number,
  ect: boolean,
  backlogAfterBytes: number,
  nowNs: Ns,
): boolean {
  const ldelayNs = nowNs - enqueueNs;
  let firstAboveNs = vars.firstAboveTimeNs;
  let ok = false;
  if (ldelayNs < p.targetNs || backlogAfterBytes <= p.mtuBytes) firstAboveNs = 0;
  else if (firstAboveNs === 0) firstAboveNs = nowNs + p.intervalNs;
  else ok = nowNs > firstAboveNs;
  // codelDequeue drops (or marks) when it is not dropping and should, or is and the next drop is due.
  if (ok && (!vars.dropping || nowNs >= vars.dropNextNs)) return false;
  if (ldelayNs > p.ceThresholdNs && p.ecn && ect) return false;
  vars.ldelayNs = ldelayNs;
  vars.firstAboveTimeNs = firstAboveNs;
  if (lenBytes > stats.maxPacketBytes) stats.maxPacketBytes = lenBytes;
  if (!ok) vars.dropping = false;
  return true;
}
