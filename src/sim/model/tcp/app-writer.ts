/**
 * The bulk application above the socket (netperf TCP_STREAM): tcp_sendmsg
 * (net/ipv4/tcp.c) copies a chunk into the write queue, then pushes. It
 * copies into the tail skb while that has room, and allocates a new skb only
 * while sk_stream_memory_free() holds (`sk_wmem_queued < sk_sndbuf`, so the
 * queue may pass sk_sndbuf by up to one skb); otherwise it blocks in
 * sk_stream_wait_memory until sk_stream_write_space wakes it
 * (include/net/sock.h: `sk_stream_wspace(sk) >= sk_stream_min_wspace(sk)`,
 * free space at least half of what is queued). sk_wmem_queued counts
 * truesize. sk_sndbuf is fixed (tcp_wmem[2], no autotuning).
 */
import { preferDoubleFields } from '../../engine/double-fields';
import type { EventTarget } from '../../engine/sim';
import type { Ns } from '../../engine/time';
import { CpuPrio, type Cpu, type CpuCosts } from '../cpu/cpu';

/** netperf writes in chunks; each sendmsg copy is one process-context job. */
export const APP_CHUNK_BYTES = 16384;

/** What the writer needs of its socket. */
export interface WriterSocket {
  readonly mss: number;
  /** sk_wmem_queued: truesize of the write and retransmit queues. */
  wmemQueuedBytes(): number;
  readonly cfg: { readonly sndbufBytes: number };
  /** Segments per skb that tcp_sendmsg builds (size_goal). */
  sizeGoalSegs(): number;
  /** Asks the writer to go on (the socket's entry point, so tests can stub it). */
  appWrite(nowNs: Ns): void;
  writeXmit(nowNs: Ns): void;
}

export class BulkWriter implements EventTarget {
  /** write_seq: bytes copied into the socket so far. */
  writeSeq = 0;
  /** A copy is running on the CPU. */
  busy = false;
  private blocked = false;
  /** SOCK_NOSPACE: the writer waits in sk_stream_wait_memory for send-buffer space. */
  get noSpace(): boolean {
    return this.blocked;
  }

  constructor(
    private readonly sk: WriterSocket,
    private readonly cpu: Cpu,
    private readonly costs: CpuCosts,
  ) {
    preferDoubleFields(this, ['writeSeq']);
  }

  /** The application has stopped writing (a timed netperf test ended); what it wrote is still sent. */
  stopped = false;

  stop(): void {
    this.stopped = true;
  }

  write(): void {
    if (this.busy || this.stopped) return;
    const sk = this.sk;
    const queued = sk.wmemQueuedBytes();
    const sndbuf = sk.cfg.sndbufBytes;
    if (this.blocked) {
      if (sndbuf - queued < Math.floor(queued / 2)) return;
      this.blocked = false;
    }
    // The chunk needs a new skb when the tail (skbs fill to size_goal) cannot hold it all.
    const goalBytes = sk.sizeGoalSegs() * sk.mss;
    const inTail = this.writeSeq % goalBytes;
    const newSkb = inTail === 0 || inTail + APP_CHUNK_BYTES > goalBytes;
    if (newSkb && queued >= sndbuf) {
      this.blocked = true; // sk_stream_wait_memory
      return;
    }
    this.busy = true;
    const skbs = APP_CHUNK_BYTES / (sk.sizeGoalSegs() * sk.mss);
    const cost = APP_CHUNK_BYTES * this.costs.perByteCopyNs + skbs * this.costs.perSkbAllocNs;
    this.cpu.submit(cost, this, 0, null, CpuPrio.PROCESS);
  }

  handleEvent(_kind: number, _arg: unknown, nowNs: Ns): void {
    this.busy = false;
    this.writeSeq += APP_CHUNK_BYTES;
    this.sk.appWrite(nowNs); // the writer goes on copying…
    this.sk.writeXmit(nowNs); // …after tcp_push of what it wrote
  }
}
