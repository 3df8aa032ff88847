/**
 * The bulk application above the socket (netperf TCP_STREAM): tcp_sendmsg
 * copies a chunk into the write queue while sk_wmem_queued stays under
 * sk_sndbuf (net/ipv4/tcp.c), then pushes; a full buffer blocks it in
 * sk_stream_wait_memory until sk_stream_write_space wakes it.
 */
import { preferDoubleFields } from '../../engine/double-fields';
import type { EventTarget } from '../../engine/sim';
import type { Ns } from '../../engine/time';
import { CpuPrio, type Cpu, type CpuCosts } from '../cpu/cpu';

/** netperf writes in chunks; each sendmsg copy is one process-context job. */
export const APP_CHUNK_BYTES = 16384;

/** What the writer needs of its socket. */
export interface WriterSocket {
  readonly sndUna: number;
  readonly mss: number;
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
    const queued = this.writeSeq - sk.sndUna;
    if (this.blocked) {
      // sk_stream_write_space wakes the writer once free space ≥ half of what is queued.
      if (sk.cfg.sndbufBytes - queued < queued / 2) return;
      this.blocked = false;
    }
    if (queued + APP_CHUNK_BYTES > sk.cfg.sndbufBytes) {
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
