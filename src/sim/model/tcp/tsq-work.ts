/**
 * The TSQ work of one socket, after net/ipv4/tcp_output.c: tcp_wfree queues
 * it (swapping TSQ_THROTTLED for TSQ_QUEUED and keeping one reference on
 * sk_wmem_alloc), the TSQ tasklet / tcp_tsq_workfn runs tcp_tsq_handler →
 * tcp_write_xmit and sk_free drops the reference when that loop ends; the
 * pacing timer's tcp_pace_kick queues the same work (4.13–4.19, with a
 * reference) or runs tcp_tsq_handler itself (4.20+, EDT), here through the
 * same softirq job.
 */
import type { EventTarget, Sim } from '../../engine/sim';
import type { Ns } from '../../engine/time';
import type { Cpu, CpuCosts } from '../cpu/cpu';
import { Hop, type SkbTrace } from '../skb-trace';

/** What the work needs of its socket. */
export interface TsqWorkSocket {
  /** TSQ_THROTTLED, as tcp_small_queue_check set it; set(false) clears it (the work is queued). */
  readonly tsq: { readonly throttled: boolean; set(on: boolean, nowNs: Ns): void };
  /** tcp_push set TSQ_THROTTLED to autocork: the next tcp_wfree queues the work. */
  autocorkThrottled: boolean;
  /** A tcp_write_xmit loop is running (its skb on the CPU). */
  readonly txBusy: boolean;
  writeXmit(nowNs: Ns): void;
}

const K_TASKLET = 1;
const K_PACE_WAKE = 2;

export class TsqWork implements EventTarget {
  /** TSQ_QUEUED: the work is on the list and has not run yet. */
  queued = false;
  /**
   * References tcp_wfree keeps on sk_wmem_alloc when it queues the work (and
   * tcp_pace_kick of 4.13–4.19 when it queues it): sk_free drops each once
   * the work's tcp_write_xmit is done.
   */
  refs = 0;
  /** The reference the queued work carries (0 or 1), and those the running loop drops when it ends. */
  private queuedRefs = 0;
  private loopRefs = 0;
  /** The traced skb whose free queued the work, if any: its refill is a hop. */
  private refillTrace: SkbTrace | null = null;
  /** Pacing timer expiries (for "what bounds throughput"). */
  timerFires = 0;

  constructor(
    private readonly sim: Sim,
    private readonly cpu: Cpu,
    private readonly costs: CpuCosts,
    private readonly edt: () => boolean,
    private readonly sk: TsqWorkSocket,
  ) {}

  /** tcp_wfree's TSQ part: a throttled (or autocorked) socket whose work is not queued gets it queued. */
  onFree(trace: SkbTrace | null, nowNs: Ns): void {
    const sk = this.sk;
    if ((sk.tsq.throttled || sk.autocorkThrottled) && !this.queued) {
      sk.autocorkThrottled = false;
      this.refillTrace = trace;
      this.queue(true, nowNs);
    }
  }

  /** The pacing hrtimer fired: after its wake-up latency, tcp_pace_kick. */
  onPacingTimer(nowNs: Ns): void {
    if (this.costs.timerLatencyNs > 0) this.sim.after(this.costs.timerLatencyNs, this, K_PACE_WAKE);
    else this.handleEvent(K_PACE_WAKE, null, nowNs);
  }

  /** The end of a tcp_write_xmit loop: sk_free drops the references of the work that ran it. */
  endLoop(): void {
    this.refs -= this.loopRefs;
    this.loopRefs = 0;
  }

  /** Puts the socket on the TSQ work list (tcp_tsq_workfn / the TSQ tasklet runs tcp_write_xmit). */
  private queue(holdRef: boolean, nowNs: Ns): void {
    this.queued = true;
    this.sk.tsq.set(false, nowNs);
    if (holdRef) {
      this.refs++;
      this.queuedRefs = 1;
    }
    this.cpu.submit(this.costs.perTimerNs, this, K_TASKLET);
  }

  handleEvent(kind: number, _arg: unknown, nowNs: Ns): void {
    if (kind === K_TASKLET) {
      // tcp_tsq_workfn: clear QUEUED, tcp_tsq_handler → tcp_write_xmit, then sk_free.
      // A loop already running (its skb on the CPU) takes the work over.
      this.queued = false;
      if (this.refillTrace !== null) {
        this.refillTrace.hop(Hop.TSQ_REFILL, this.sk, nowNs);
        this.refillTrace = null;
      }
      this.loopRefs += this.queuedRefs;
      this.queuedRefs = 0;
      this.sk.writeXmit(nowNs);
      if (!this.sk.txBusy) this.endLoop();
      return;
    }
    // K_PACE_WAKE: tcp_pace_kick. 4.13–4.19 queue the socket for the TSQ tasklet (clearing
    // THROTTLED, taking a reference on sk_wmem_alloc); from 4.20 it calls tcp_tsq_handler
    // itself, here through the same softirq job.
    this.timerFires++;
    if (this.queued) return;
    if (this.edt()) {
      this.queued = true;
      this.cpu.submit(this.costs.perTimerNs, this, K_TASKLET);
    } else this.queue(true, nowNs);
  }
}
