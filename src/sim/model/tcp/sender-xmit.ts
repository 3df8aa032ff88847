/**
 * An skb's trip out of the sender and back, after net/ipv4/tcp_output.c:
 * tcp_transmit_skb of a data skb (charged to sk_wmem_alloc by
 * skb_set_owner_w, stamped, handed to the CPU, whose end of the transmit
 * continues the tcp_write_xmit loop), __tcp_transmit_skb of a SYN or pure
 * ACK, and tcp_wfree when the skb is freed below TCP.
 * Plain functions of the socket (./sender.ts): the transmit path allocates nothing.
 */
import type { Ns } from '../../engine/time';
import { SkbKind, type Skb } from '../skb';
import { Hop } from '../skb-trace';
import { hasEdt } from './kernel-features';
import { tcpSlowStartAfterIdleCheck } from './cwnd-idle';
import { tcpDataSkb } from './data-skb';
import { tcpPacingAfterSend } from './sender-pacing';
import type { TcpSender } from './sender';

/** The sender's event kind for the CPU's end of a data skb's transmit. */
export const K_TX_DONE = 1;

/** tcp_transmit_skb of one skb: charge it to the socket, stamp it, hand it to the CPU. */
export function tcpTransmitSkb(
  tp: TcpSender,
  seq: number,
  len: number,
  segs: number,
  truesize: number,
  retrans: boolean,
  nowNs: Ns,
): void {
  if (!retrans) tcpSlowStartAfterIdleCheck(tp, nowNs);
  const skb = tcpDataSkb(tp, seq, len, segs, truesize, retrans, nowNs);
  if (tp.sampler !== null) tp.sampler.sample(skb, tp, nowNs);
  if (!retrans) tp.ack.recordSent(seq, len, segs, nowNs);
  // skb_set_owner_w: sk_wmem_alloc += truesize until the skb is freed.
  tp.wmemBytes += truesize;
  tp.payloadOut += len;
  tp.truesizeOut += truesize;
  tcpPacingAfterSend(tp, skb, len, nowNs);
  tp.dataSegsOut += segs;
  tp.skbsSent++;
  tp.lastSendNs = nowNs;
  tp.txBusy = true;
  tp.cpu.submit(tp.costs.perSkbNs, tp, K_TX_DONE, skb);
}

/** The CPU has transmitted the skb: down it goes, and the same tcp_write_xmit loop goes on. */
export function tcpTxDone(tp: TcpSender, skb: Skb, nowNs: Ns): void {
  tp.txBusy = false;
  tp.ipOutput(skb, nowNs);
  tp.loopSent = true;
  tp.writeXmit(nowNs);
  tp.loopSent = false;
  if (!tp.txBusy) tp.tsqWork.endLoop();
}

/**
 * __tcp_transmit_skb of a SYN or pure ACK: stamped tcp_wstamp_ns (EDT), plus
 * tcp_add_tx_delay on the copy sent down; RTT is timed from the send.
 */
export function tcpXmitControl(tp: TcpSender, skb: Skb, nowNs: Ns): void {
  // skb_set_owner_w: skb->sk is this socket (fq classifies the flow by it and sets
  // SK_PACING_FQ at its first skb, the SYN) and sk_wmem_alloc holds its truesize until freed.
  skb.owner = tp;
  tp.wmemBytes += skb.truesizeBytes;
  if (hasEdt(tp.kernel)) skb.tstampNs = Math.max(tp.wstampNs, nowNs) + tp.cfg.txDelayUs * 1000;
  tp.ipOutput(skb, nowNs);
}

/**
 * tcp_wfree: sk_wmem_alloc -= truesize - 1, then, if TSQ throttled the
 * socket and its work is not queued yet, swap THROTTLED for QUEUED and
 * queue the work keeping that one reference; otherwise sk_free drops it at
 * once. (The ksoftirqd case — skip while sk_wmem_alloc >= SKB_TRUESIZE(1)
 * — never arises: the model's softirqs do not move to ksoftirqd.)
 */
export function tcpWfree(tp: TcpSender, skb: Skb, nowNs: Ns): void {
  tp.wmemBytes -= skb.truesizeBytes;
  if (skb.kind === SkbKind.DATA && skb.tcpFlags === 0 && skb.xmitNs > 0)
    tp.hooks.onCompletion?.(skb, nowNs - skb.xmitNs);
  const tr = skb.trace;
  if (tr !== null) tr.hop(Hop.WFREE, tp, nowNs);
  tp.tsqWork.onFree(tr, nowNs);
}
