/**
 * COBALT, cake's AQM (net/sched/sch_cake.c): CoDel's control law with a
 * 32-bit reciprocal square root (a cache of exact values below count 16,
 * one Newton step above), and BLUE's drop probability, raised when the queue
 * overflows (cobalt_queue_full) and lowered when a flow runs empty
 * (cobalt_queue_empty), each at most once per `target`.
 * cobalt_should_drop is the dequeue-time decision, as in the kernel.
 */
import type { Ns } from '../../../engine/time';

/** struct cobalt_params (cake_set_rate fills them per tin). */
export interface CobaltParams {
  intervalNs: Ns;
  targetNs: Ns;
  /** Serialisation time of an MTU at the tin's rate. */
  mtuTimeNs: Ns;
  /** BLUE increment and decrement of p_drop (0.32 fixed point): 1/256 and 1/4096. */
  pInc: number;
  pDec: number;
}

/** struct cobalt_vars. */
export interface CobaltVars {
  count: number;
  recInvSqrt: number;
  dropNextNs: Ns;
  blueTimerNs: Ns;
  pDrop: number;
  dropping: boolean;
  ecnMarked: boolean;
}

export function cobaltVarsInit(): CobaltVars {
  return {
    count: 0,
    recInvSqrt: 0,
    dropNextNs: 0,
    blueTimerNs: 0,
    pDrop: 0,
    dropping: false,
    ecnMarked: false,
  };
}

const U32 = 0xffffffff;
/** inv_sqrt_cache: eight Newton steps from count 0 to 15 (0 and 1 are ~0, as close to 1.0 as Q0.32 gets). */
export const INV_SQRT_CACHE: readonly number[] = [
  U32,
  U32,
  3037000500,
  2479700525,
  2147483647,
  1920767767,
  1753413056,
  1623345051,
  1518500250,
  1431655765,
  1358187914,
  1294981364,
  1239850263,
  1191209601,
  1147878294,
  1108955788,
];

/** cobalt_newton_step: invsqrt · (3 − count · invsqrt²) / 2 in Q0.32, with the kernel's shifts. */
export function cobaltNewtonStep(recInvSqrt: number, count: number): number {
  const inv = BigInt(recInvSqrt);
  const inv2 = (inv * inv) >> 32n;
  let val = (3n << 32n) - BigInt(count) * inv2;
  val = BigInt.asUintN(64, val) >> 2n;
  val = (val * inv) >> 31n;
  return Number(BigInt.asUintN(32, val));
}

export function cobaltInvsqrt(v: CobaltVars, count: number): void {
  v.recInvSqrt =
    count < INV_SQRT_CACHE.length ? INV_SQRT_CACHE[count] : cobaltNewtonStep(v.recInvSqrt, count);
}

/** cobalt_control: t + reciprocal_scale(interval, rec_inv_sqrt) = t + (interval · rec_inv_sqrt) >> 32. */
export function cobaltControl(tNs: Ns, intervalNs: Ns, recInvSqrt: number): Ns {
  return tNs + Number((BigInt(intervalNs >>> 0) * BigInt(recInvSqrt)) >> 32n);
}

/** cobalt_queue_full: returns true if BLUE was quiescent before and active after. */
export function cobaltQueueFull(v: CobaltVars, p: CobaltParams, nowNs: Ns): boolean {
  let up = false;
  if (nowNs - v.blueTimerNs > p.targetNs) {
    up = v.pDrop === 0;
    let pDrop = (v.pDrop + p.pInc) >>> 0;
    if (pDrop < p.pInc) pDrop = U32;
    v.pDrop = pDrop;
    v.blueTimerNs = nowNs;
  }
  v.dropping = true;
  v.dropNextNs = nowNs;
  if (v.count === 0) v.count = 1;
  return up;
}

/** cobalt_queue_empty: returns true if BLUE was active before and quiescent after. */
export function cobaltQueueEmpty(v: CobaltVars, p: CobaltParams, nowNs: Ns): boolean {
  let down = false;
  if (v.pDrop !== 0 && nowNs - v.blueTimerNs > p.targetNs) {
    v.pDrop = v.pDrop < p.pDec ? 0 : v.pDrop - p.pDec;
    v.blueTimerNs = nowNs;
    down = v.pDrop === 0;
  }
  v.dropping = false;
  if (v.count > 0 && nowNs - v.dropNextNs >= 0) {
    v.count--;
    cobaltInvsqrt(v, v.count);
    v.dropNextNs = cobaltControl(v.dropNextNs, p.intervalNs, v.recInvSqrt);
  }
  return down;
}

/** What cobalt_should_drop decides for a dequeued packet. */
export const CobaltVerdict = { PASS: 0, CONGESTED: 1, FLOOD: 2 } as const;
export type CobaltVerdict = (typeof CobaltVerdict)[keyof typeof CobaltVerdict];

/**
 * cobalt_should_drop. `ect`: the packet is ECN-capable (INET_ECN_set_ce
 * marks it instead of a drop); `rand32`: get_random_u32() for BLUE.
 */
export function cobaltShouldDrop(
  v: CobaltVars,
  p: CobaltParams,
  nowNs: Ns,
  sojournNs: Ns,
  ect: boolean,
  bulkFlows: number,
  rand32: () => number,
): CobaltVerdict {
  let verdict: CobaltVerdict = CobaltVerdict.PASS;
  let schedule = nowNs - v.dropNextNs;
  const overTarget =
    sojournNs > p.targetNs && sojournNs > p.mtuTimeNs * bulkFlows * 2 && sojournNs > p.mtuTimeNs * 4;
  let count = v.count;
  let nextDue = count > 0 && schedule >= 0;
  v.ecnMarked = false;
  if (overTarget) {
    if (!v.dropping) {
      v.dropping = true;
      v.dropNextNs = cobaltControl(nowNs, p.intervalNs, v.recInvSqrt);
    }
    if (count === 0) count = 1;
  } else if (v.dropping) {
    v.dropping = false;
  }
  if (nextDue && v.dropping) {
    v.ecnMarked = ect;
    if (!ect) verdict = CobaltVerdict.CONGESTED;
    count = count + 1 > U32 ? count : count + 1;
    cobaltInvsqrt(v, count);
    v.dropNextNs = cobaltControl(v.dropNextNs, p.intervalNs, v.recInvSqrt);
    schedule = nowNs - v.dropNextNs;
  } else {
    while (nextDue) {
      count--;
      cobaltInvsqrt(v, count);
      v.dropNextNs = cobaltControl(v.dropNextNs, p.intervalNs, v.recInvSqrt);
      schedule = nowNs - v.dropNextNs;
      nextDue = count > 0 && schedule >= 0;
    }
  }
  // Simple BLUE; the lack of ECN is deliberate.
  if (v.pDrop !== 0 && verdict === CobaltVerdict.PASS && rand32() < v.pDrop) verdict = CobaltVerdict.FLOOD;
  v.count = count;
  // drop_next doubles as an activity timeout.
  if (count === 0) v.dropNextNs = nowNs + p.intervalNs;
  else if (schedule > 0 && verdict === CobaltVerdict.PASS) v.dropNextNs = nowNs;
  return verdict;
}
