/**
 * One transmitted skb as the retransmit queue sees it: the fields of
 * struct tcp_skb_cb (include/net/tcp.h) the model uses — seq, end_seq,
 * tcp_gso_segs, the sacked bits (TCPCB_SACKED_ACKED, TCPCB_LOST,
 * TCPCB_SACKED_RETRANS, TCPCB_EVER_RETRANS) — and the tcp_rate.c snapshot
 * taken when it was sent (tx.delivered, tx.delivered_mstamp,
 * tx.first_tx_mstamp, tx.is_app_limited).
 */
import { preferDoubleFields } from '../../engine/double-fields';
import type { Ns } from '../../engine/time';

export class TxRecord {
  seq = 0;
  end = 0;
  segs = 0;
  /** Last (re)transmission time. */
  xmitNs: Ns = 0;
  sacked = false;
  lost = false;
  /** A retransmission of it is in flight. */
  retrans = false;
  everRetrans = false;
  // tcp_rate.c snapshot at send time
  deliveredAtSend = 0;
  deliveredNsAtSend: Ns = 0;
  firstTxNsAtSend: Ns = 0;
  appLimited = false;
  /** In RtxQueue's list of retransmitted records (kept across reuse: the list may still hold it). */
  inRetransList = false;
}

// Sequence numbers and times outgrow small integers within seconds (see double-fields.ts).
preferDoubleFields(new TxRecord(), [
  'seq',
  'end',
  'xmitNs',
  'deliveredNsAtSend',
  'firstTxNsAtSend',
  'deliveredAtSend',
]);

/** Copies r into t, all but inRetransList (tcp_fragment's copy of the control block). */
export function copyTxRecord(t: TxRecord, r: TxRecord): void {
  t.seq = r.seq;
  t.end = r.end;
  t.segs = r.segs;
  t.xmitNs = r.xmitNs;
  t.sacked = r.sacked;
  t.lost = r.lost;
  t.retrans = r.retrans;
  t.everRetrans = r.everRetrans;
  t.deliveredAtSend = r.deliveredAtSend;
  t.deliveredNsAtSend = r.deliveredNsAtSend;
  t.firstTxNsAtSend = r.firstTxNsAtSend;
  t.appLimited = r.appLimited;
}
