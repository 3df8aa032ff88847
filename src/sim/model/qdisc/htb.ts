/**
 * htb with one class at the top of the tree and a leaf qdisc under it
 * (net/sched/sch_htb.c): the class's rate and ceil token buckets kept in ns
 * (htb_accnt_tokens / htb_accnt_ctokens, capped at buffer / cbuffer, floored
 * at 1 − mbuffer = 1 − 60 s), charged with qdisc_pkt_len after each dequeue
 * (htb_charge_class); the class mode (htb_class_mode, no hysteresis: the
 * module parameter htb_hysteresis is 0), the wait queue of mode changes
 * (htb_add_to_wait_tree: pq_key = now + diff, +1 if equal to now) worked
 * through by htb_do_events, and the watchdog at the next event
 * (htb_dequeue: min of the near-event cache and now + 5 s).
 *
 * A class at the top cannot borrow (htb_activate_prios needs a parent), so
 * it sends only in HTB_CAN_SEND: tokens ≥ 0 and ctokens ≥ 0 after the last
 * charge plus the time since. Every packet goes to that class (tc's
 * `default 1`); the direct queue, classifiers and DRR among classes are not
 * modelled. Drops in the leaf count in htb's own `dropped`, as
 * qdisc_tree_reduce_backlog and net_xmit_drop_count add them to the parent.
 */
import type { Ns } from '../../engine/time';
import type { Skb } from '../skb';
import { l2tNs, psTicksToNs, ratecfgPrecompute, type LinkLayer, type RateCfg } from './psched';
import { emptyQdiscStats, type DropFn, type Qdisc, type QdiscStats } from './qdisc';
import { GET_HZ_HRTIMER, htbDefaultBurstBytes, TC_HTB_DEFAULT_MTU, tcCalcXmittime } from './tc-rates';

/** enum htb_cmode. */
export const HtbMode = { CANT_SEND: 0, MAY_BORROW: 1, CAN_SEND: 2 } as const;
export type HtbMode = (typeof HtbMode)[keyof typeof HtbMode];

/** The class as the kernel holds it after htb_change_class. */
export interface HtbClassParams {
  rate: RateCfg;
  ceil: RateCfg;
  bufferNs: Ns;
  cbufferNs: Ns;
}

/** `tc class add … htb rate R [ceil C] [burst B] [cburst CB] [mtu M] [overhead O] [mpu P] [linklayer L]`. */
export interface HtbTcOptions {
  rateBytesPerSec: number;
  ceilBytesPerSec?: number;
  burstBytes?: number;
  cburstBytes?: number;
  mtuBytes?: number;
  overheadBytes?: number;
  mpuBytes?: number;
  linklayer?: LinkLayer;
  /** get_hz(): 10^9 with high-resolution timers. */
  hz?: number;
}

/** htb_parse_class_opt (tc/q_htb.c) then htb_change_class: ceil defaults to rate, bursts to rate/HZ + mtu. */
export function htbClassFromTc(o: HtbTcOptions): HtbClassParams {
  const rate = o.rateBytesPerSec;
  const ceil = o.ceilBytesPerSec ?? rate;
  const mtu = o.mtuBytes ?? TC_HTB_DEFAULT_MTU;
  const hz = o.hz ?? GET_HZ_HRTIMER;
  const buffer = o.burstBytes ?? htbDefaultBurstBytes(rate, mtu, hz);
  const cbuffer = o.cburstBytes ?? htbDefaultBurstBytes(ceil, mtu, hz);
  const spec = { overheadBytes: o.overheadBytes, mpuBytes: o.mpuBytes, linklayer: o.linklayer };
  return {
    rate: ratecfgPrecompute({ rateBytesPerSec: rate, ...spec }),
    ceil: ratecfgPrecompute({ rateBytesPerSec: ceil, ...spec }),
    bufferNs: psTicksToNs(tcCalcXmittime(rate, buffer)),
    cbufferNs: psTicksToNs(tcCalcXmittime(ceil, cbuffer)),
  };
}

const MBUFFER_NS = 60 * 1e9;
const NSEC_PER_SEC = 1e9;

export class Htb implements Qdisc {
  readonly kind = 'htb' as const;
  readonly stats: QdiscStats = emptyQdiscStats();
  readonly leaf: Qdisc;
  tokens: Ns;
  ctokens: Ns;
  /** Time of the last charge (cl->t_c). */
  private tC: Ns = 0;
  mode: HtbMode = HtbMode.CAN_SEND;
  /** The class's place in the wait queue (cl->pq_key), or -1 when it is not waiting. */
  private pqKey: Ns = -1;
  /** q->near_ev_cache[0]. */
  private nearEvCache: Ns = 0;
  /** When the watchdog was last armed for (qdisc_watchdog_schedule_ns), -1 if not. */
  private watchdogNs: Ns = -1;

  constructor(
    readonly cls: HtbClassParams,
    makeLeaf: (drop: DropFn) => Qdisc,
    drop: DropFn,
  ) {
    this.leaf = makeLeaf((skb, now) => {
      this.stats.drops++;
      drop(skb, now);
    });
    this.tokens = cls.bufferNs;
    this.ctokens = cls.cbufferNs;
  }

  get backlogBytes(): number {
    return this.leaf.backlogBytes;
  }

  get backlogPkts(): number {
    return this.leaf.backlogPkts;
  }

  enqueue(skb: Skb, nowNs: Ns): void {
    this.leaf.enqueue(skb, nowNs);
  }

  dequeue(nowNs: Ns): Skb | null {
    this.watchdogNs = -1;
    if (this.leaf.backlogPkts === 0) return null;
    let nextEvent = nowNs + 5 * NSEC_PER_SEC;
    let event = this.nearEvCache;
    if (nowNs >= event) {
      event = this.doEvents(nowNs);
      if (event === 0) event = nowNs + NSEC_PER_SEC;
      this.nearEvCache = event;
    }
    if (nextEvent > event) nextEvent = event;
    if (this.mode === HtbMode.CAN_SEND) {
      const skb = this.leaf.dequeue(nowNs);
      if (skb !== null) {
        this.chargeClass(skb.l2Bytes, nowNs);
        this.stats.sentBytes += skb.l2Bytes;
        this.stats.sentPkts++;
        return skb;
      }
    }
    this.watchdogNs = nextEvent;
    return null;
  }

  nextWakeNs(): Ns {
    const leafWake = this.mode === HtbMode.CAN_SEND ? this.leaf.nextWakeNs() : -1;
    if (this.watchdogNs < 0) return leafWake;
    return leafWake < 0 ? this.watchdogNs : Math.min(leafWake, this.watchdogNs);
  }

  /** htb_charge_class for a class at level 0 with no parent. */
  private chargeClass(bytes: number, nowNs: Ns): void {
    const diff = Math.min(nowNs - this.tC, MBUFFER_NS);
    this.tokens = accnt(this.tokens, diff, this.cls.bufferNs, l2tNs(this.cls.rate, bytes));
    this.ctokens = accnt(this.ctokens, diff, this.cls.cbufferNs, l2tNs(this.cls.ceil, bytes));
    this.tC = nowNs;
    const old = this.mode;
    const wait = this.changeMode(0);
    if (old !== this.mode) {
      if (old !== HtbMode.CAN_SEND) this.pqKey = -1;
      if (this.mode !== HtbMode.CAN_SEND) this.addToWaitTree(nowNs, wait);
    }
  }

  /** htb_class_mode + htb_change_class_mode: returns the new *diff (time until the mode can change). */
  private changeMode(diff: Ns): Ns {
    let newMode: HtbMode;
    let wait = diff;
    if (this.ctokens + diff < 0) {
      wait = -(this.ctokens + diff);
      newMode = HtbMode.CANT_SEND;
    } else if (this.tokens + diff >= 0) {
      newMode = HtbMode.CAN_SEND;
    } else {
      wait = -(this.tokens + diff);
      newMode = HtbMode.MAY_BORROW;
    }
    if (newMode !== this.mode && newMode === HtbMode.CANT_SEND) this.stats.overlimits++;
    this.mode = newMode;
    return wait;
  }

  private addToWaitTree(nowNs: Ns, delay: Ns): void {
    this.pqKey = nowNs + delay;
    if (this.pqKey === nowNs) this.pqKey++;
    if (this.nearEvCache > this.pqKey) this.nearEvCache = this.pqKey;
  }

  /** htb_do_events for level 0: the next pending event's time, or 0 when none waits. */
  private doEvents(nowNs: Ns): Ns {
    for (;;) {
      if (this.pqKey < 0) return 0;
      if (this.pqKey > nowNs) return this.pqKey;
      this.pqKey = -1;
      const wait = this.changeMode(Math.min(nowNs - this.tC, MBUFFER_NS));
      if (this.mode !== HtbMode.CAN_SEND) this.addToWaitTree(nowNs, wait);
    }
  }
}

/** htb_accnt_tokens: refill by diff up to the bucket depth, pay the packet, floor at 1 − mbuffer. */
function accnt(tokens: Ns, diff: Ns, bufferNs: Ns, costNs: Ns): Ns {
  let toks = diff + tokens;
  if (toks > bufferNs) toks = bufferNs;
  toks -= costNs;
  if (toks <= -MBUFFER_NS) toks = 1 - MBUFFER_NS;
  return toks;
}
