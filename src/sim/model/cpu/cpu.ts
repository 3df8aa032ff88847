/**
 * One sender CPU core. Work that the kernel does on the transmit side (building
 * and sending an skb, software GSO, firing a pacing timer, processing an ACK,
 * cleaning TX completions) is a job with a cost in ns; jobs run one at a time
 * in arrival order, so a CPU-bound throughput emerges when costs add up.
 */
import { preferDoubleFields } from '../../engine/double-fields';
import { unwrapInto } from '../../engine/ring-column';
import type { EventTarget, Sim } from '../../engine/sim';
import type { Ns } from '../../engine/time';

/**
 * Costs of the sender's kernel work. Defaults are for a 2018-era x86 server
 * core; each preset documents the values it uses and why.
 */
export interface CpuCosts {
  /** tcp_transmit_skb → ip_queue_xmit → qdisc → ndo_start_xmit, per skb. */
  perSkbNs: number;
  /** copy_from_user in tcp_sendmsg, per payload byte (≈ memory bandwidth). */
  perByteCopyNs: number;
  /** sk_stream_alloc_skb in tcp_sendmsg, per skb built (one per MSS without SG, one per 64 KB with TSO). */
  perSkbAllocNs: number;
  /** tcp_clean_rtx_queue freeing one acknowledged skb. */
  perAckedSkbNs: number;
  /** skb_segment: per segment built in software (no TSO). */
  perGsoSegmentNs: number;
  /** skb_segment copying payload when the device lacks scatter-gather, per byte. */
  perByteGsoCopyNs: number;
  /** Driver transmit of one segment/descriptor after software GSO. */
  perSegmentXmitNs: number;
  /** One hrtimer expiry + softirq + tasklet entry (TCP pacing timer or qdisc watchdog). */
  perTimerNs: number;
  /** tcp_ack for one incoming ACK skb (incl. NAPI receive of it). */
  perAckNs: number;
  /** TX completion of one skb: napi clean, kfree_skb, tcp_wfree. */
  perCompletionNs: number;
  /** Wake-up latency of an hrtimer until its softirq runs (time, not CPU work). */
  timerLatencyNs: number;
}

export const ZERO_COSTS: CpuCosts = {
  perSkbNs: 0,
  perByteCopyNs: 0,
  perSkbAllocNs: 0,
  perAckedSkbNs: 0,
  perGsoSegmentNs: 0,
  perByteGsoCopyNs: 0,
  perSegmentXmitNs: 0,
  perTimerNs: 0,
  perAckNs: 0,
  perCompletionNs: 0,
  timerLatencyNs: 0,
};

const JOB_DONE = 1;

/** A FIFO of jobs on preallocated ring arrays; the capacity is a power of two, so indices wrap with a mask. */
class JobRing {
  private cap = 256;
  costs = new Float64Array(this.cap);
  kinds = new Int32Array(this.cap);
  targets: (EventTarget | null)[] = new Array<EventTarget | null>(this.cap).fill(null);
  args: unknown[] = new Array<unknown>(this.cap).fill(null);
  head = 0;
  len = 0;

  push(costNs: Ns, target: EventTarget, kind: number, arg: unknown): void {
    if (this.len === this.cap) this.grow();
    const i = (this.head + this.len) & (this.cap - 1);
    this.costs[i] = costNs;
    this.kinds[i] = kind;
    this.targets[i] = target;
    this.args[i] = arg;
    this.len++;
  }

  pop(): void {
    this.targets[this.head] = null;
    this.args[this.head] = null;
    this.head = (this.head + 1) & (this.cap - 1);
    this.len--;
  }

  private grow(): void {
    const cap = this.cap * 2;
    const { head, len } = this;
    this.costs = unwrapInto(this.costs, head, len, new Float64Array(cap));
    this.kinds = unwrapInto(this.kinds, head, len, new Int32Array(cap));
    this.targets = unwrapInto(this.targets, head, len, new Array<EventTarget | null>(cap).fill(null));
    this.args = unwrapInto(this.args, head, len, new Array<unknown>(cap).fill(null));
    this.head = 0;
    this.cap = cap;
  }
}

/** Softirq work (timers, ACKs, completions, transmit) runs before process context (the application). */
export const CpuPrio = { SOFTIRQ: 0, PROCESS: 1 } as const;

export class Cpu implements EventTarget {
  private readonly rings = [new JobRing(), new JobRing()];
  private running: JobRing | null = null;
  /** Total ns spent on jobs. */
  busyNs = 0;
  private busySince = 0;

  constructor(private readonly sim: Sim) {
    // Time counters outgrow small integers during a run (see double-fields.ts).
    preferDoubleFields(this, ['busyNs', 'busySince']);
  }

  /** Queue a job; target.handleEvent(kind, arg) runs when its work is done. */
  submit(
    costNs: Ns,
    target: EventTarget,
    kind: number,
    arg: unknown = null,
    prio: 0 | 1 = CpuPrio.SOFTIRQ,
  ): void {
    this.rings[prio].push(costNs, target, kind, arg);
    if (this.running === null) this.startNext();
  }

  get queuedJobs(): number {
    return this.rings[0].len + this.rings[1].len;
  }

  /** Busy time including the running job's elapsed part. */
  busyTimeNs(): number {
    return this.running ? this.busyNs + (this.sim.nowNs - this.busySince) : this.busyNs;
  }

  handleEvent(_kind: number, _arg: unknown, nowNs: Ns): void {
    const ring = this.running!;
    const i = ring.head;
    const target = ring.targets[i]!;
    const kind = ring.kinds[i];
    const arg = ring.args[i];
    ring.pop();
    this.busyNs += nowNs - this.busySince;
    this.running = null;
    target.handleEvent(kind, arg, nowNs);
    if (this.running === null) this.startNext();
  }

  /** Non-preemptive: the next job is the oldest softirq job, else the oldest process job. */
  private startNext(): void {
    const ring = this.rings[0].len > 0 ? this.rings[0] : this.rings[1].len > 0 ? this.rings[1] : null;
    if (!ring) return;
    this.running = ring;
    this.busySince = this.sim.nowNs;
    this.sim.after(ring.costs[ring.head], this, JOB_DONE);
  }
}
