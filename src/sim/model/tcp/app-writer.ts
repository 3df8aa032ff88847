/**
 * The application above the socket: tcp_sendmsg (net/ipv4/tcp.c) copies each
 * write into the write queue in pieces (one process-context CPU job each),
 * then pushes. It copies into the tail skb while that has room, and
 * allocates a new skb only while sk_stream_memory_free() holds
 * (`sk_wmem_queued < sk_sndbuf`, so the queue may pass sk_sndbuf by up to one
 * skb); otherwise it blocks in sk_stream_wait_memory until
 * sk_stream_write_space wakes it (include/net/sock.h: `sk_stream_wspace(sk)
 * >= sk_stream_min_wspace(sk)`, free space at least half of what is queued).
 * sk_wmem_queued counts truesize. When the application writes and how much
 * comes from its policy (../traffic/write-policy.ts: netperf or iperf3 bulk,
 * iperf3 -b, on/off). A flow without an application spec is the model's
 * first writer: 16 KiB netperf copies, each followed by tcp_write_xmit, the
 * partial last segment left for the next copy. With a spec, the end of each
 * write is tcp_push: tcp_should_autocork, then the tail goes when Nagle lets
 * it (./tcp-push.ts).
 */
import { preferDoubleFields } from '../../engine/double-fields';
import type { EventTarget } from '../../engine/sim';
import type { Ns } from '../../engine/time';
import type { WritePolicy } from '../traffic/write-policy';
import { CpuPrio, type Cpu, type CpuCosts } from '../cpu/cpu';

/** netperf writes in chunks of 16 KiB; the copy of a larger write is split into jobs of this size. */
export const APP_CHUNK_BYTES = 16384;

/** What the writer needs of its socket. */
export interface WriterSocket {
  readonly mss: number;
  /** sk_wmem_queued: truesize of the write and retransmit queues. */
  wmemQueuedBytes(): number;
  /** sk_sndbuf now. */
  sndbufBytes(): number;
  /** TCP_NOTSENT_LOWAT (absent: off). */
  readonly cfg: { readonly notsentLowatBytes?: number };
  /** write_seq − snd_nxt: bytes written but not yet sent. */
  readonly unsentBytes: number;
  /** Segments per skb that tcp_sendmsg builds (size_goal). */
  sizeGoalSegs(): number;
  /** Asks the writer to go on (the socket's entry point, so tests can stub it). */
  appWrite(nowNs: Ns): void;
  writeXmit(nowNs: Ns): void;
  /** tcp_push at the end of a sendmsg (./tcp-push.ts). */
  push(nowNs: Ns): void;
}

export class BulkWriter implements EventTarget {
  /** write_seq: bytes copied into the socket so far. */
  writeSeq = 0;
  /** A copy is running on the CPU. */
  busy = false;
  private blocked = false;
  /** Bytes of the current sendmsg still to copy (0: between writes). */
  leftInWrite = 0;
  /** The copy of each piece. */
  private pieceBytes = 0;
  /** SOCK_NOSPACE: the writer waits in sk_stream_wait_memory for send-buffer space. */
  get noSpace(): boolean {
    return this.blocked;
  }
  /** The writer is the model's first one (no application spec): whole segments only, no tcp_push. */
  readonly legacy: boolean;

  constructor(
    private readonly sk: WriterSocket,
    private readonly cpu: Cpu,
    private readonly costs: CpuCosts,
    readonly policy: WritePolicy,
    legacy: boolean,
  ) {
    this.legacy = legacy;
    preferDoubleFields(this, ['writeSeq']);
  }

  /** The application has stopped writing (a timed netperf test ended); what it wrote is still sent. */
  stopped = false;

  stop(): void {
    this.stopped = true;
  }

  /** The connection is up: the application starts. */
  start(nowNs: Ns): void {
    this.policy.start(nowNs, (now) => this.sk.appWrite(now));
  }

  write(nowNs: Ns): void {
    if (this.busy || this.stopped) return;
    const sk = this.sk;
    const queued = sk.wmemQueuedBytes();
    const sndbuf = sk.sndbufBytes();
    // TCP_NOTSENT_LOWAT: tcp_stream_memory_free(sk, wake) = (notsent << wake) < lowat; the
    // wake-up (sk_stream_write_space, wake = 1) waits for half the limit.
    const lowat = sk.cfg.notsentLowatBytes ?? Infinity;
    if (this.blocked) {
      if (sndbuf - queued < Math.floor(queued / 2) || 2 * sk.unsentBytes >= lowat) return;
      this.blocked = false;
    }
    if (this.leftInWrite === 0) {
      if (!this.policy.ready(nowNs)) return;
      this.leftInWrite = this.policy.writeBytes;
    }
    const piece = Math.min(this.leftInWrite, APP_CHUNK_BYTES);
    // The piece needs a new skb when the tail (skbs fill to size_goal) cannot hold it all.
    const goalBytes = sk.sizeGoalSegs() * sk.mss;
    const inTail = this.writeSeq % goalBytes;
    const newSkb = inTail === 0 || inTail + piece > goalBytes;
    if (newSkb && (queued >= sndbuf || sk.unsentBytes >= lowat)) {
      this.blocked = true; // sk_stream_wait_memory, after tcp_push with TCP_NAGLE_PUSH
      if (!this.legacy) sk.writeXmit(nowNs);
      return;
    }
    this.busy = true;
    this.pieceBytes = piece;
    const skbs = piece / goalBytes;
    const cost = piece * this.costs.perByteCopyNs + skbs * this.costs.perSkbAllocNs;
    this.cpu.submit(cost, this, 0, null, CpuPrio.PROCESS);
  }

  handleEvent(_kind: number, _arg: unknown, nowNs: Ns): void {
    this.busy = false;
    this.writeSeq += this.pieceBytes;
    this.leftInWrite -= this.pieceBytes;
    if (this.legacy) {
      this.sk.appWrite(nowNs); // the writer goes on copying…
      this.sk.writeXmit(nowNs); // …after tcp_push of what it wrote
      return;
    }
    if (this.leftInWrite > 0) {
      // Inside one sendmsg, full skbs go as they fill (tcp_push_one / __tcp_push_pending_frames).
      this.sk.appWrite(nowNs);
      this.sk.writeXmit(nowNs);
      return;
    }
    this.policy.wrote(this.policy.writeBytes, nowNs);
    this.sk.push(nowNs); // tcp_push at the end of sendmsg…
    this.sk.appWrite(nowNs); // …and the application's next write
  }
}
