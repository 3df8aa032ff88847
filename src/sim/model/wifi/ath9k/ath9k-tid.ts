/**
 * ath9k per-TID state (struct ath_atx_tid in drivers/net/wireless/ath/ath9k/
 * ath9k.h; ath_tx_addto_baw / ath_tx_update_baw in xmit.c): the software
 * retry queue, the pre-iTXQ buf_q, driver-assigned sequence numbers and the
 * block-ack range (BAW).
 */
import { SkbRing } from '../../qdisc/skb-ring';
import type { Ac } from '../types';
import type { Txq } from '../mac80211/mac80211-txq';

/** IEEE80211_SEQ_MAX: 12-bit sequence space. */
export const SEQ_SPACE = 4096;

/** ATH_BA_INDEX(start, seq): offset of seq from the BAW start, modulo the sequence space. */
export function baIndex(startSeq: number, seq: number): number {
  return (seq - startSeq) & (SEQ_SPACE - 1);
}

export class AthTid {
  /** tid->retry_q: frames already given a sequence number, ahead of new traffic. */
  readonly retryQ = new SkbRing();
  /** tid->buf_q of the pre-iTXQ driver (fed by ath_tx_start); null with iTXQ. */
  readonly bufQ: SkbRing | null;
  /** tid->seq_next: next sequence number to assign (ath_tx_setup_buffer). */
  seqNext = 0;
  /** tid->seq_start: first sequence number of the BAW. */
  seqStart = 0;
  /** One past the highest tracked sequence number (tid->baw_tail as a sequence number). */
  private bawTailSeq = 0;
  /** tid->tx_buf bitmap, indexed by sequence number: sent and not yet completed. */
  private readonly tracked = new Uint8Array(SEQ_SPACE);
  /** The frame last handed out came from retry_q (where a legacy put-back returns it). */
  lastFromRetry = false;
  /** Legacy: the buf_q head was peeked and numbered but not sent (v4.8 leaves it in place). */
  bufHeadNumbered = false;
  /** Legacy round robin over TIDs with traffic (tid->sched, ac->tid_q). */
  sched = false;
  next: AthTid | null = null;

  constructor(
    readonly dst: number,
    readonly tidno: number,
    readonly ac: Ac,
    readonly bawSize: number,
    /** The mac80211 txq this TID pulls from (iTXQ), or null (legacy). */
    readonly txq: Txq | null,
  ) {
    this.bufQ = txq === null ? new SkbRing() : null;
  }

  /** BAW_WITHIN(seq_start, baw_size, seq). */
  bawWithin(seq: number): boolean {
    return baIndex(this.seqStart, seq) < this.bawSize;
  }

  /** ath_tx_addto_baw(): mark seq outstanding and extend the tail. */
  addToBaw(seq: number): void {
    this.tracked[seq] = 1;
    if (baIndex(this.seqStart, seq) >= baIndex(this.seqStart, this.bawTailSeq)) {
      this.bawTailSeq = (seq + 1) & (SEQ_SPACE - 1);
    }
  }

  /** ath_tx_update_baw(): seq completed (acked or given up); slide the BAW over completed slots. */
  updateBaw(seq: number): void {
    this.tracked[seq] = 0;
    while (this.seqStart !== this.bawTailSeq && this.tracked[this.seqStart] === 0) {
      this.seqStart = (this.seqStart + 1) & (SEQ_SPACE - 1);
    }
  }

  /** Frames outstanding in the BAW (sent or about to be, not yet completed). */
  bawOutstanding(): number {
    let n = 0;
    for (let s = this.seqStart; s !== this.bawTailSeq; s = (s + 1) & (SEQ_SPACE - 1)) n += this.tracked[s];
    return n;
  }

  /** ath_tid_has_buffered(): frames in the retry queue, or in buf_q (legacy) / the mac80211 txq (iTXQ). */
  hasBuffered(): boolean {
    if (this.retryQ.length > 0) return true;
    return this.bufQ !== null ? this.bufQ.length > 0 : this.txq!.backlogPkts > 0;
  }
}
