/**
 * The MT7915-class MAC as the driver sees it: the DMA engine takes frames
 * off the TX ring into the hardware's per-station/TID queues (PLE), the MAC
 * builds HE A-MPDUs of hardware A-MSDUs from them (../offload/agg-engine.ts)
 * and, once an exchange settles frames, the WA firmware reports their
 * tokens in a TX-free event (PKT_TYPE_TXRX_NOTIFY, mt7915/mac.c
 * mt7915_mac_tx_free). Closed hardware and firmware: see ./mt76-options.ts
 * for what is assumed.
 */
import type { EventTarget, Sim } from '../../../engine/sim';
import type { Rng } from '../../../engine/rng';
import type { Ns } from '../../../engine/time';
import type { Skb } from '../../skb';
import { Hop } from '../../skb-trace';
import { AggEngine, type AggEngineOptions, type OffloadMedium } from '../offload/agg-engine';
import { TimeAverage } from '../offload/time-average';
import { MT_TX_FREE_MAX_TOKENS, type Mt76Options } from './mt76-options';

export interface Mt76MacLinks {
  /** A TX-free event reached the host: these frames' tokens are released. */
  txFree(skbs: readonly Skb[], acked: readonly boolean[], airtimeNs: Ns, dst: number, nowNs: Ns): void;
  /** The DMA engine fetched a descriptor (dma_idx moved past it). */
  dmaFetched(skb: Skb, nowNs: Ns): void;
  deliver(skb: Skb, nowNs: Ns): void;
  onAggregate(nframes: number, bytes: number, dst: number, nowNs: Ns): void;
}

const EV_DMA_DONE = 1;
const EV_TX_FREE = 2;

export class Mt76Mac implements EventTarget {
  readonly engine: AggEngine;
  /** Descriptors the host kicked, not yet fetched by the DMA engine. */
  private readonly ring: Skb[] = [];
  private ringHead = 0;
  private dmaBusy = false;
  ringBytes = 0;
  /** Bytes of settled frames whose TX-free event has not left the MAC. */
  freeBytes = 0;
  readonly held = new TimeAverage();

  constructor(
    private readonly sim: Sim,
    rng: Rng,
    medium: OffloadMedium,
    private readonly opts: Mt76Options,
    engineOpts: AggEngineOptions,
    private readonly links: Mt76MacLinks,
  ) {
    this.engine = new AggEngine(rng, medium, engineOpts, {
      deliver: links.deliver,
      onAggregate: links.onAggregate,
      done: (skbs, acked, n, dst, airtime, now) => this.settled(skbs, acked, n, dst, airtime, now),
      changed: (now) => this.held.set(this.heldBytes, now),
    });
  }

  /** Bytes in the hardware before the air: on the ring and in the MAC's queues. */
  get heldBytes(): number {
    return this.ringBytes + this.engine.queuedBytes;
  }

  /** A descriptor is on the ring; the DMA engine fetches in order once kicked. */
  queueDescriptor(skb: Skb, nowNs: Ns): void {
    if (skb.trace !== null) skb.trace.hop(Hop.HW_QUEUE, this, nowNs);
    this.ring.push(skb);
    this.ringBytes += skb.l2Bytes;
    this.held.set(this.heldBytes, nowNs);
  }

  /** mt76_dma_kick_queue: the CPU index moves; the engine starts fetching. */
  kick(nowNs: Ns): void {
    if (!this.dmaBusy && this.ringHead < this.ring.length) this.startDma(nowNs);
  }

  handleEvent(kind: number, arg: unknown, nowNs: Ns): void {
    if (kind === EV_DMA_DONE) {
      const skb = this.ring[this.ringHead];
      this.ring[this.ringHead++] = null as unknown as Skb;
      this.ringBytes -= skb.l2Bytes;
      if (this.ringHead > 512) {
        this.ring.splice(0, this.ringHead);
        this.ringHead = 0;
      }
      this.dmaBusy = false;
      this.links.dmaFetched(skb, nowNs);
      this.engine.enqueue(skb, nowNs);
      if (this.ringHead < this.ring.length) this.startDma(nowNs);
    } else if (kind === EV_TX_FREE) {
      const [skbs, acked, airtime, dst] = arg as [Skb[], boolean[], Ns, number];
      for (const s of skbs) this.freeBytes -= s.l2Bytes;
      this.links.txFree(skbs, acked, airtime, dst, nowNs);
    }
  }

  private startDma(nowNs: Ns): void {
    const skb = this.ring[this.ringHead];
    this.dmaBusy = true;
    this.sim.at(nowNs + Math.ceil((skb.l2Bytes * 1e9) / this.opts.busBytesPerSec), this, EV_DMA_DONE);
  }

  /** The WA firmware's TX-free events for an exchange: up to 1023 tokens each, after its latency. */
  private settled(
    skbs: readonly Skb[],
    acked: Uint8Array,
    n: number,
    dst: number,
    airtimeNs: Ns,
    nowNs: Ns,
  ): void {
    for (let i = 0; i < n; i += MT_TX_FREE_MAX_TOKENS) {
      const m = Math.min(MT_TX_FREE_MAX_TOKENS, n - i);
      const ev: Skb[] = new Array<Skb>(m);
      const ok: boolean[] = new Array<boolean>(m);
      for (let j = 0; j < m; j++) {
        ev[j] = skbs[i + j];
        ok[j] = acked[i + j] === 1;
        this.freeBytes += ev[j].l2Bytes;
      }
      // The exchange's airtime goes with its first event (the station poll reads it once).
      const air = i === 0 ? airtimeNs : 0;
      this.sim.at(nowNs + this.opts.txFreeDelayNs, this, EV_TX_FREE, [ev, ok, air, dst]);
    }
  }
}
