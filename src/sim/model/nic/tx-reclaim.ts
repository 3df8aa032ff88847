/**
 * When a wired NIC's driver frees what it sent (its TX clean, the moment
 * TCP Small Queues waits for), one model per driver family:
 * - 'immediate': a TX interrupt per skb, a fixed latency after its last bit
 *   (drivers without moderation: each TX descriptor raises its interrupt);
 * - 'coalesced': mlx4_en's TX CQ moderation (drivers/net/ethernet/mellanox/
 *   mlx4/en_cq.c mlx4_en_set_cq_moder; MLX4_EN_TX_COAL_PKTS 16 and
 *   MLX4_EN_TX_COAL_TIME 16 µs in mlx4_en.h): the event fires at the first of
 *   `frames` completions or `usecs` after the first one. A completion is a
 *   CQE, one per send WQE, and mlx4_en_xmit posts an LSO skb as one WQE: it
 *   counts skbs;
 * - 'coalesced-frames': fec's ENET interrupt coalescing (drivers/net/
 *   ethernet/freescale/fec_main.c fec_enet_itr_coal_set: ICFT frames, ICTT
 *   µs; FEC_ITR_ICFT_DEFAULT 200 frames, FEC_ITR_ICTT_DEFAULT 1000 µs in
 *   fec.h): the hardware counts transmitted frames, so a TSO skb (fec
 *   segments it into one descriptor chain per frame) counts each of its
 *   frames, and the timer starts at the first frame after the last
 *   interrupt;
 * - 'idle': sis900 before 8ac8a01092b2 "sis900: fix TX completion" (5.3,
 *   2019): sis900_open unmasks TxIDLE but not TxDESC, so sis900_interrupt
 *   runs sis900_finish_xmit only when the transmitter has found no more
 *   descriptors, and only then frees every sent skb; a stopped queue wakes
 *   once fewer than NUM_TX_DESC − 4 descriptors are in use.
 */
import { EventLane, type EventTarget, type Sim, Timer } from '../../engine/sim';
import type { Ns } from '../../engine/time';
import type { Skb } from '../skb';

export type CompletionModel =
  /** Freed right after the last bit, plus a fixed interrupt/NAPI latency. */
  | { kind: 'immediate'; delayNs: Ns }
  /** Interrupt coalescing counting completed skbs (ethtool -C tx-usecs / tx-frames; mlx4). */
  | { kind: 'coalesced'; usecs: number; frames: number }
  /** Interrupt coalescing counting wire frames, a TSO skb being many (fec). */
  | { kind: 'coalesced-frames'; usecs: number; frames: number }
  /** Freed only when the TX ring has gone idle, after an interrupt latency (sis900 before 5.3). */
  | { kind: 'idle'; delayNs: Ns };

/** What a reclaim model drives on its NIC. */
export interface ReclaimHost {
  /** The TX interrupt: NAPI (or the handler) cleans every skb whose last frame has left. */
  clean(nowNs: Ns): void;
}

export interface TxReclaim {
  /** skb starts on the wire at nowNs and takes durNs (its frames back to back). */
  started(skb: Skb, nowNs: Ns, durNs: Ns): void;
  /** skb's last bit has left; ringIdle: no descriptor is queued behind it. */
  wireDone(skb: Skb, nowNs: Ns, ringIdle: boolean): void;
  /** A stopped queue wakes when fewer descriptors than this are in use. */
  wakeBelow(ringSlots: number): number;
}

const K_CLEAN = 1;
const K_FRAME = 2;

/** A clean a fixed time after each skb's last bit. */
class AfterEach implements TxReclaim, EventTarget {
  constructor(
    private readonly sim: Sim,
    private readonly host: ReclaimHost,
    private readonly delayNs: Ns,
    private readonly onlyWhenIdle: boolean,
  ) {}
  started(): void {}
  wireDone(_skb: Skb, nowNs: Ns, ringIdle: boolean): void {
    if (this.onlyWhenIdle && !ringIdle) return;
    // No latency: the clean runs in the TX-end handler itself, as a moderated
    // interrupt whose threshold is met does, rather than as an event of its own.
    if (this.delayNs <= 0) this.host.clean(nowNs);
    else this.sim.after(this.delayNs, this, K_CLEAN);
  }
  wakeBelow(ringSlots: number): number {
    // sis900_finish_xmit: netif_wake_queue once cur_tx − dirty_tx < NUM_TX_DESC − 4.
    return this.onlyWhenIdle ? Math.max(1, ringSlots - 4) : ringSlots;
  }
  handleEvent(_kind: number, _arg: unknown, nowNs: Ns): void {
    this.host.clean(nowNs);
  }
}

/** Moderation: the interrupt at the first of `frames` counted events or `usecs` after the first. */
class Moderated implements TxReclaim, EventTarget {
  private count = 0;
  private readonly timer: Timer;
  private readonly frameLane: EventLane;

  constructor(
    sim: Sim,
    private readonly host: ReclaimHost,
    private readonly usecs: number,
    private readonly frames: number,
    /** Count each wire frame (fec) rather than each skb (mlx4). */
    private readonly perFrame: boolean,
  ) {
    this.timer = new Timer(sim, (now) => this.fire(now));
    this.frameLane = new EventLane(sim, this);
  }

  started(skb: Skb, nowNs: Ns, durNs: Ns): void {
    if (!this.perFrame || skb.segs <= 1) return;
    // Every frame but the last ends on the way (the last is wireDone); times split durNs by bytes.
    const total = skb.l2Bytes;
    let bytes = 0;
    for (let i = 0; i < skb.segs - 1; i++) {
      bytes += skb.segL2Bytes(i);
      this.frameLane.at(nowNs + Math.floor((durNs * bytes) / total), K_FRAME);
    }
  }

  wireDone(_skb: Skb, nowNs: Ns): void {
    this.counted(nowNs);
  }

  wakeBelow(ringSlots: number): number {
    return ringSlots;
  }

  handleEvent(_kind: number, _arg: unknown, nowNs: Ns): void {
    this.counted(nowNs);
  }

  private counted(nowNs: Ns): void {
    this.count++;
    if (this.count >= this.frames) {
      this.timer.cancel();
      this.fire(nowNs);
    } else if (!this.timer.armed) {
      this.timer.arm(nowNs + this.usecs * 1000);
    }
  }

  private fire(nowNs: Ns): void {
    this.count = 0;
    this.host.clean(nowNs);
  }
}

export function createReclaim(sim: Sim, c: CompletionModel, host: ReclaimHost): TxReclaim {
  switch (c.kind) {
    case 'immediate':
      return new AfterEach(sim, host, c.delayNs, false);
    case 'idle':
      return new AfterEach(sim, host, c.delayNs, true);
    case 'coalesced':
      return new Moderated(sim, host, c.usecs, c.frames, false);
    case 'coalesced-frames':
      return new Moderated(sim, host, c.usecs, c.frames, true);
  }
}
