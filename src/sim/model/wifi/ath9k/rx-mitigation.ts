/**
 * ath9k receive interrupt mitigation (drivers/net/wireless/ath/ath9k/hw.c,
 * ath9k_hw_init_config / ath9k_hw_init_interrupt_masks; the AR_RIMT
 * register). The chip raises the RX interrupt only when no frame has arrived
 * for `rimt_last` µs, or `rimt_first` µs after the first unreported frame,
 * whichever comes first; the RX tasklet then hands every waiting frame up.
 * Defaults are on for every chip: 500 / 2000 µs on AR9300 and later, 250 /
 * 700 µs before. This delays every TCP ACK a station receives and every
 * segment an AP forwards by at least `rimt_last`, and batches them.
 */
import type { Sim } from '../../../engine/sim';
import { Timer } from '../../../engine/sim';
import type { Ns } from '../../../engine/time';
import type { Skb } from '../../skb';

export interface RxMitigationOptions {
  /** AR_RIMT_LAST: quiet time after the last frame (ns). */
  lastNs: Ns;
  /** AR_RIMT_FIRST: longest wait after the first unreported frame (ns). */
  firstNs: Ns;
}

/** AR9300 and later (ath9k_hw_init_config). */
export const RIMT_AR9300: RxMitigationOptions = { lastNs: 500_000, firstNs: 2_000_000 };
/** AR5416 .. AR9287. */
export const RIMT_AR5416: RxMitigationOptions = { lastNs: 250_000, firstNs: 700_000 };

export class RxMitigation {
  private pending: Skb[] = [];
  /** The transmitting node of each pending frame (the reorder stream key needs it). */
  private fromNode: number[] = [];
  // The batch being handed up; swapped with the pending lists, so an interrupt allocates nothing.
  private batch: Skb[] = [];
  private batchFrom: number[] = [];
  private firstAtNs: Ns = 0;
  private readonly timer: Timer;
  /** RX interrupts raised so far. */
  interrupts = 0;

  constructor(
    sim: Sim,
    private readonly opts: RxMitigationOptions,
    private readonly deliver: (skb: Skb, fromNode: number, nowNs: Ns) => void,
  ) {
    this.timer = new Timer(sim, (now) => this.fire(now));
  }

  /** Frames received but not yet reported to the host. */
  get heldFrames(): number {
    return this.pending.length;
  }

  receive(skb: Skb, fromNode: number, nowNs: Ns): void {
    if (this.pending.length === 0) this.firstAtNs = nowNs;
    this.pending.push(skb);
    this.fromNode.push(fromNode);
    // Each frame restarts the "last" timer, bounded by the "first" deadline.
    this.timer.arm(Math.min(nowNs + this.opts.lastNs, this.firstAtNs + this.opts.firstNs));
  }

  private fire(nowNs: Ns): void {
    this.interrupts++;
    // The tasklet drains the RX ring in arrival order.
    const batch = this.pending;
    const from = this.fromNode;
    this.pending = this.batch;
    this.fromNode = this.batchFrom;
    this.batch = batch;
    this.batchFrom = from;
    // Frames that arrive while this batch is handed up wait for the next interrupt.
    for (let i = 0; i < batch.length; i++) this.deliver(batch[i], from[i], nowNs);
    batch.length = 0;
    from.length = 0;
  }
}
