/**
 * What tcp_push (net/ipv4/tcp.c) and the Nagle test of tcp_write_xmit
 * (net/ipv4/tcp_output.c) decide about the short tail an application's
 * sendmsg leaves in the write queue.
 * - tcp_should_autocork (3.14+, sysctl tcp_autocorking default 1):
 *   `skb->len < size_goal && tcp_autocorking && !tcp_rtx_queue_empty(sk) &&
 *   refcount_read(&sk->sk_wmem_alloc) > skb->truesize`: tcp_push then counts
 *   TCPAutoCorking, sets TSQ_THROTTLED (so the next tcp_wfree queues the TSQ
 *   work, whose tcp_write_xmit sends the tail) and, if sk_wmem_alloc is still
 *   above the tail's truesize, pushes nothing.
 * - Nagle, Minshall's variant (tcp_nagle_check): a partial segment waits
 *   while `!nonagle && packets_out && tcp_minshall_check(tp)`, i.e. while a
 *   small segment sent earlier (snd_sml, set by tcp_minshall_update when an
 *   skb is shorter than its segments × mss) is not acked. TCP_NODELAY sets
 *   nonagle; tcp_sendmsg pushes with TCP_NAGLE_PUSH before it waits for
 *   send-buffer memory.
 */

export interface AutocorkInput {
  /** Length of the write queue's tail skb (bytes). */
  tailLenBytes: number;
  /** tcp_sendmsg's size_goal (bytes). */
  sizeGoalBytes: number;
  /** sysctl tcp_autocorking of the kernel generation (absent before 3.14). */
  autocorking: boolean;
  /** skbs in the retransmit queue (sent, not yet acked). */
  rtxSkbs: number;
  /** refcount_read(&sk->sk_wmem_alloc). */
  skWmemAlloc: number;
  /** The tail skb's truesize. */
  tailTruesizeBytes: number;
}

/** tcp_should_autocork (net/ipv4/tcp.c). */
export function tcpShouldAutocork(a: AutocorkInput): boolean {
  return (
    a.tailLenBytes < a.sizeGoalBytes && a.autocorking && a.rtxSkbs > 0 && a.skWmemAlloc > a.tailTruesizeBytes
  );
}

/** before()/after() on 32-bit sequence numbers; the model's are plain byte offsets. */
export function tcpMinshallCheck(sndSml: number, sndUna: number, sndNxt: number): boolean {
  return sndSml > sndUna && sndSml <= sndNxt;
}

/** tcp_nagle_check for a partial segment: true means hold it. */
export function tcpNagleHolds(
  nonagle: boolean,
  packetsOut: number,
  sndSml: number,
  sndUna: number,
  sndNxt: number,
): boolean {
  return !nonagle && packetsOut > 0 && tcpMinshallCheck(sndSml, sndUna, sndNxt);
}

/** tcp_minshall_update: snd_sml moves to the end of an skb shorter than its segments × mss. */
export function tcpMinshallUpdate(
  sndSml: number,
  lenBytes: number,
  segs: number,
  mss: number,
  endSeq: number,
): number {
  return lenBytes < segs * mss ? endSeq : sndSml;
}

/** What tcp_push and the partial-tail test read of the socket (./sender.ts). */
export interface PushSocket {
  readonly mss: number;
  readonly kernel: { readonly tcpAutocorking: boolean };
  readonly cfg: { readonly sg: boolean; readonly noDelay?: boolean };
  readonly app: { readonly legacy: boolean; readonly leftInWrite: number; readonly noSpace: boolean };
  readonly rtx: { readonly skbs: number; readonly packetsOut: number };
  readonly skWmemAlloc: number;
  readonly unsentBytes: number;
  readonly sndUna: number;
  readonly sndNxt: number;
  sndSml: number;
  autocorkThrottled: boolean;
  autocorkCount: number;
  sizeGoalSegs(): number;
  writeXmit(nowNs: number): void;
}

/** Length of the write queue's tail skb: what is unsent past the last whole size_goal skb. */
export function tailSkbBytes(unsentBytes: number, goalBytes: number): number {
  if (unsentBytes <= 0) return 0;
  const rest = unsentBytes % goalBytes;
  return rest === 0 ? goalBytes : rest;
}

/** tcp_push at the end of a sendmsg: autocork, else __tcp_push_pending_frames. */
export function tcpPush(
  tp: PushSocket,
  truesizeOf: (lenBytes: number, sg: boolean) => number,
  nowNs: number,
): void {
  const goalBytes = tp.sizeGoalSegs() * tp.mss;
  const tail = tailSkbBytes(tp.unsentBytes, goalBytes);
  if (tail === 0) return;
  const tailTruesize = truesizeOf(tail, tp.cfg.sg);
  const cork = tcpShouldAutocork({
    tailLenBytes: tail,
    sizeGoalBytes: goalBytes,
    autocorking: tp.kernel.tcpAutocorking,
    rtxSkbs: tp.rtx.skbs,
    skWmemAlloc: tp.skWmemAlloc,
    tailTruesizeBytes: tailTruesize,
  });
  if (cork) {
    if (!tp.autocorkThrottled) {
      tp.autocorkCount++; // LINUX_MIB_TCPAUTOCORKING
      tp.autocorkThrottled = true;
    }
    if (tp.skWmemAlloc > tailTruesize) return;
  }
  tp.writeXmit(nowNs);
}

/**
 * Whether tcp_write_xmit may send the partial last segment now: not while a
 * sendmsg is still copying (its tcp_push comes at the end), not for the
 * model's first writer (whole segments only), and then as tcp_nagle_test:
 * TCP_NODELAY, the push before a wait for memory, or no small segment unacked.
 */
export function partialTailMayGo(tp: PushSocket): boolean {
  const app = tp.app;
  if (app.legacy || app.leftInWrite > 0) return false;
  if (app.noSpace || tp.cfg.noDelay === true) return true;
  return !tcpNagleHolds(false, tp.rtx.packetsOut, tp.sndSml, tp.sndUna, tp.sndNxt);
}
