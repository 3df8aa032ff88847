/**
 * A Xen guest's transmit path as TCP sees it: drivers/net/xen-netfront.c
 * (shared TX ring; skbs freed only in xennet_tx_buf_gc when the backend's TX
 * response arrives) over drivers/net/xen-netback (grant-mapped zero-copy: the
 * response is produced after dom0's physical NIC completes the packet, by the
 * dealloc kthread, and delivered by an event channel interrupt).
 */
import type { Rng } from '../../engine/rng';
import type { EventTarget, Sim } from '../../engine/sim';
import type { Ns } from '../../engine/time';
import type { Cpu } from '../cpu/cpu';
import type { Skb } from '../skb';
import type { DeliverFn, TxDriver } from './driver';
import { WiredNic, type CompletionModel, type WireDelivery } from './wired-nic';

export interface XenConfig {
  /** NET_TX_RING_SIZE: 256 request slots for a 4 KB ring page. */
  ringSlots: number;
  /** dom0 netback work per skb (grant map, building the dom0 skb, bridge). */
  backendPerSkbNs: Ns;
  /** Physical NIC in dom0. */
  physRateBps: number;
  physCompletion: CompletionModel;
  propagationNs: Ns;
  /**
   * Time from the physical completion to the dealloc kthread pushing the TX
   * response: a fixed part plus an exponential scheduling delay (dom0 vCPU
   * scheduling, kthread wake-up), drawn once per dealloc batch.
   */
  deallocFixedNs: Ns;
  deallocMeanExtraNs: Ns;
  /**
   * Now and then dom0's vCPU is not running when the responses are due (the
   * Xen scheduler runs another vCPU): with this probability per batch, an extra
   * exponential stall of the given mean.
   */
  deallocStallProb: number;
  deallocStallMeanNs: Ns;
  /** Event-channel delivery to the guest and its interrupt handling. */
  evtchnNs: Ns;
  /**
   * How dom0's NIC hands packets to the next hop: 'segments' when a router
   * follows (it receives packets of its own, not the guest's skbs).
   */
  deliverAs: WireDelivery;
  cpu: Cpu | null;
  perCompletionNs: number;
}

/** Slots an skb needs on the shared ring: one per 4 KB page of data, plus the header slot. */
export function xenSlots(skb: Skb): number {
  return 1 + Math.ceil(skb.l2Bytes / 4096);
}

const MAX_SKB_FRAGS = 17;
const K_BACKEND_DONE = 1;
const K_DEALLOC = 2;
const K_GUEST_IRQ = 3;
const K_GC_DONE = 4;

export class XenNetfront implements TxDriver, EventTarget {
  private slotsUsed = 0;
  private stopped = false;
  private wake: (nowNs: Ns) => void = () => {};
  private backendQ: Skb[] = [];
  private backendBusy = false;
  readonly phys: WiredNic;
  private deallocPending: Skb[] = [];
  private deallocArmed = false;
  /** skbs handed to netfront and not yet freed. */
  inFlightSkbs = 0;
  inFlightBytes = 0;
  backendQueued = 0;

  constructor(
    private readonly sim: Sim,
    private readonly rng: Rng,
    readonly cfg: XenConfig,
    deliver: DeliverFn,
    private readonly free: (skb: Skb, nowNs: Ns) => void,
  ) {
    // The dom0 skb shares the guest's pages; its completion starts the response path.
    this.phys = new WiredNic(
      sim,
      {
        rateBps: cfg.physRateBps,
        propagationNs: cfg.propagationNs,
        ringSlots: 1024,
        bql: false,
        completion: cfg.physCompletion,
        deliverAs: cfg.deliverAs,
        cpu: null,
        perCompletionNs: 0,
      },
      deliver,
      (skb, now) => this.onPhysComplete(skb, now),
    );
  }

  setWake(fn: (nowNs: Ns) => void): void {
    this.wake = fn;
  }

  queueStopped(): boolean {
    return this.stopped;
  }

  xmit(skb: Skb, nowNs: Ns): void {
    this.slotsUsed += xenSlots(skb);
    this.inFlightSkbs++;
    this.inFlightBytes += skb.l2Bytes;
    // netfront stops the queue when a maximal skb might not fit
    // (netfront_tx_slot_available: used < ring size − MAX_SKB_FRAGS − 2).
    if (this.cfg.ringSlots - this.slotsUsed <= MAX_SKB_FRAGS + 2) this.stopped = true;
    this.backendQ.push(skb);
    this.backendQueued++;
    if (!this.backendBusy) this.backendNext(nowNs);
  }

  private backendNext(_nowNs: Ns): void {
    const skb = this.backendQ.shift();
    if (!skb) {
      this.backendBusy = false;
      return;
    }
    this.backendBusy = true;
    this.sim.after(this.cfg.backendPerSkbNs, this, K_BACKEND_DONE, skb);
  }

  private onPhysComplete(skb: Skb, nowNs: Ns): void {
    this.deallocPending.push(skb);
    if (!this.deallocArmed) {
      this.deallocArmed = true;
      let delay = this.cfg.deallocFixedNs + Math.round(this.rng.exp(this.cfg.deallocMeanExtraNs));
      if (this.rng.next() < this.cfg.deallocStallProb)
        delay += Math.round(this.rng.exp(this.cfg.deallocStallMeanNs));
      this.sim.at(nowNs + delay, this, K_DEALLOC);
    }
  }

  handleEvent(kind: number, arg: unknown, nowNs: Ns): void {
    switch (kind) {
      case K_BACKEND_DONE:
        this.backendQueued--;
        this.phys.xmit(arg as Skb, nowNs);
        this.backendNext(nowNs);
        break;
      case K_DEALLOC: {
        // The dealloc kthread unmaps grants and pushes every pending response.
        this.deallocArmed = false;
        const batch = this.deallocPending;
        this.deallocPending = [];
        this.sim.after(this.cfg.evtchnNs, this, K_GUEST_IRQ, batch);
        break;
      }
      case K_GUEST_IRQ: {
        const batch = arg as Skb[];
        if (this.cfg.cpu)
          this.cfg.cpu.submit(batch.length * this.cfg.perCompletionNs, this, K_GC_DONE, batch);
        else this.gc(batch, nowNs);
        break;
      }
      case K_GC_DONE:
        this.gc(arg as Skb[], nowNs);
        break;
    }
  }

  /** xennet_tx_buf_gc: free the skbs whose responses arrived, release their slots. */
  private gc(batch: Skb[], nowNs: Ns): void {
    for (const skb of batch) {
      this.slotsUsed -= xenSlots(skb);
      this.inFlightSkbs--;
      this.inFlightBytes -= skb.l2Bytes;
      this.free(skb, nowNs);
    }
    if (this.stopped && this.cfg.ringSlots - this.slotsUsed > MAX_SKB_FRAGS + 2) {
      this.stopped = false;
      this.wake(nowNs);
    }
  }
}
