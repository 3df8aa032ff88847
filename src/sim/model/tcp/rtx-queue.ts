/**
 * The retransmit queue and SACK scoreboard: one record (./tx-record.ts) per
 * transmitted skb, split at segment boundaries when a SACK or partial ACK
 * cuts it (as tcp_fragment does, net/ipv4/tcp_output.c), with the counts of
 * struct tcp_sock and the SACK tagging of tcp_sacktag_write_queue
 * (net/ipv4/tcp_input.c), its recv_sack_cache included.
 */
import { preferDoubleFields, preferMutableFields } from '../../engine/double-fields';
import type { Ns } from '../../engine/time';
import { copyTxRecord, TxRecord } from './tx-record';

/** Blocks remembered by the SACK cache (the kernel keeps 4 too). */
const SACK_CACHE = 4;

export class RtxQueue {
  private recs: TxRecord[] = [];
  private head = 0;
  private pool: TxRecord[] = [];
  /** Segment counts as in struct tcp_sock. */
  packetsOut = 0;
  sackedOut = 0;
  lostOut = 0;
  retransOut = 0;
  /**
   * No record starting below this sequence is waiting for a retransmission
   * (lost, not retransmitted, not sacked): nextLost starts its scan here.
   * Only markLost can make a record wait, and it lowers the hint.
   */
  private lostHintSeq = 0;
  /**
   * The last few blocks sack() processed. Every record lying wholly inside
   * one was sacked then and stays sacked while queued (nothing un-sacks a
   * record; splits copy the flag), so a later block that covers it again can
   * jump over such records, which would be no-ops, instead of walking them
   * one by one on every ACK (tcp_sacktag_write_queue's recv_sack_cache).
   */
  private readonly sackCacheStart = new Float64Array(SACK_CACHE);
  private readonly sackCacheEnd = new Float64Array(SACK_CACHE);
  private sackCacheNext = 0;
  /**
   * Every record with `retrans` set, once, and some that had it (dropped by
   * retransmitted()): loss marking rechecks these below the part it scanned.
   */
  private retransRecs: TxRecord[] = [];
  /** Length at which tracking prunes the list, so it stays bounded without a loss-marking pass. */
  private retransPruneAt = 64;

  get skbs(): number {
    return this.recs.length - this.head;
  }

  at(i: number): TxRecord {
    return this.recs[this.head + i];
  }

  first(): TxRecord | null {
    return this.head < this.recs.length ? this.recs[this.head] : null;
  }

  /** tcp_packets_in_flight(). */
  inFlight(): number {
    return this.packetsOut - (this.sackedOut + this.lostOut) + this.retransOut;
  }

  alloc(): TxRecord {
    const r = this.pool.pop() ?? new TxRecord();
    r.sacked = r.lost = r.retrans = r.everRetrans = r.appLimited = false;
    return r;
  }

  push(r: TxRecord): void {
    this.recs.push(r);
    this.packetsOut += r.segs;
  }

  /**
   * Removes records fully below `ackSeq`, splitting a partly acked one.
   * Calls onDelivered for each newly delivered piece (not already sacked).
   */
  ackUpTo(ackSeq: number, mss: number, onDelivered: (r: TxRecord, segs: number) => void): void {
    while (this.head < this.recs.length) {
      const r = this.recs[this.head];
      if (r.end <= ackSeq) {
        this.head++;
        this.account(r, -1);
        this.packetsOut -= r.segs;
        if (!r.sacked) onDelivered(r, r.segs);
        r.retrans = false; // leaves retransRecs (the flag is reset on reuse anyway)
        this.pool.push(r);
      } else if (r.seq < ackSeq) {
        if (!this.split(this.head, ackSeq, mss, true)) break;
      } else break;
    }
    if (this.head > 1024 && this.head * 2 > this.recs.length) {
      this.recs = this.recs.slice(this.head);
      this.head = 0;
    }
  }

  /** Marks [start, end) sacked, splitting records at the block edges. */
  sack(start: number, end: number, mss: number, onDelivered: (r: TxRecord, segs: number) => void): void {
    let i = this.indexOf(start);
    while (i < this.recs.length) {
      let r = this.recs[i];
      if (r.seq >= end) break;
      if (r.end <= start) {
        i++;
        continue;
      }
      if (r.sacked && r.seq >= start && r.end <= end) {
        // Already sacked and wholly inside: nothing to do here, nor up to the end of a cached block.
        i = this.indexOf(this.sackedThrough(r, end), i + 1);
        continue;
      }
      if (r.seq < start) {
        if (!this.split(i, start, mss)) {
          i++;
          continue;
        }
        i++;
        r = this.recs[i];
      }
      if (r.end > end) this.split(i, end, mss);
      r = this.recs[i];
      if (r.end <= end && !r.sacked) {
        this.account(r, -1);
        r.sacked = true;
        r.lost = false;
        r.retrans = false;
        this.account(r, 1);
        onDelivered(r, r.segs);
      }
      i++;
    }
    const c = this.sackCacheNext;
    this.sackCacheStart[c] = start;
    this.sackCacheEnd[c] = end;
    this.sackCacheNext = (c + 1) % SACK_CACHE;
  }

  /** How far past the sacked record r (inside a block ending at `end`) every record is known sacked. */
  private sackedThrough(r: TxRecord, end: number): number {
    let through = r.end;
    for (let c = 0; c < SACK_CACHE; c++) {
      const ce = this.sackCacheEnd[c];
      if (this.sackCacheStart[c] <= r.seq && r.end <= ce && ce > through) through = ce;
    }
    return through < end ? through : end;
  }

  markLost(r: TxRecord): void {
    if (r.sacked || (r.lost && !r.retrans)) return;
    this.account(r, -1);
    r.lost = true;
    r.retrans = false;
    this.account(r, 1);
    if (r.seq < this.lostHintSeq) this.lostHintSeq = r.seq;
  }

  /** tcp_undo_cwnd_reduction(sk, true): the loss mark was wrong; retransmissions stay counted. */
  unmarkLost(r: TxRecord): void {
    if (!r.lost) return;
    this.account(r, -1);
    r.lost = false;
    this.account(r, 1);
  }

  markRetransmitted(r: TxRecord, nowNs: Ns): void {
    this.account(r, -1);
    r.retrans = true;
    this.trackRetrans(r);
    r.everRetrans = true;
    r.xmitNs = nowNs;
    this.account(r, 1);
  }

  /** First lost record not yet retransmitted, at or after index `from`. */
  nextLost(from = 0): number {
    // Called on every transmit attempt: nothing to find unless something is lost.
    if (this.lostOut === 0) return -1;
    const hinted = this.indexOf(this.lostHintSeq);
    for (let i = Math.max(this.head + from, hinted); i < this.recs.length; i++) {
      const r = this.recs[i];
      if (r.lost && !r.retrans && !r.sacked) {
        if (from === 0) this.lostHintSeq = r.seq;
        return i - this.head;
      }
    }
    if (from === 0) this.lostHintSeq = Infinity;
    return -1;
  }

  /** The queued records with `retrans` set. */
  retransmitted(): readonly TxRecord[] {
    const a = this.retransRecs;
    let k = 0;
    for (let i = 0; i < a.length; i++) {
      if (a[i].retrans) a[k++] = a[i];
      else a[i].inRetransList = false;
    }
    a.length = k;
    return a;
  }

  private trackRetrans(r: TxRecord): void {
    if (r.inRetransList) return;
    r.inRetransList = true;
    this.retransRecs.push(r);
    if (this.retransRecs.length > this.retransPruneAt) {
      this.retransmitted();
      this.retransPruneAt = Math.max(64, 2 * this.retransRecs.length);
    }
  }

  /** Index (from the head) of the first record ending after `seq`. */
  firstEndingAfter(seq: number): number {
    return this.indexOf(seq) - this.head;
  }

  private account(r: TxRecord, sign: 1 | -1): void {
    if (r.sacked) this.sackedOut += sign * r.segs;
    if (r.lost) this.lostOut += sign * r.segs;
    if (r.retrans) this.retransOut += sign * r.segs;
  }

  /** Binary search for the record containing seq (or the first after it), from index `from` on. */
  private indexOf(seq: number, from = this.head): number {
    let lo = from;
    let hi = this.recs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.recs[mid].end <= seq) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Splits record i at `seq` (rounded to a segment boundary); false if no split happened.
   * The first part stays at index i and the rest follows it, except with `atHead`
   * (i is the head): then the first part moves into the free slot before the head,
   * so the usual cut of a partly acked head costs no array shift.
   */
  private split(i: number, seq: number, mss: number, atHead = false): boolean {
    const r = this.recs[i];
    const segsBefore = Math.round((seq - r.seq) / mss);
    if (segsBefore <= 0 || segsBefore >= r.segs) return false;
    const cut = r.seq + segsBefore * mss;
    const t = this.alloc();
    copyTxRecord(t, r);
    this.account(r, -1);
    t.seq = cut;
    t.segs = r.segs - segsBefore;
    r.end = cut;
    r.segs = segsBefore;
    this.account(r, 1);
    this.account(t, 1);
    if (t.retrans) this.trackRetrans(t);
    if (atHead && this.head > 0) {
      this.head--;
      this.recs[this.head] = r;
      this.recs[this.head + 1] = t;
    } else this.recs.splice(i + 1, 0, t);
    return true;
  }
}

// The hint moves between sequence numbers and Infinity (see double-fields.ts).
preferDoubleFields(new RtxQueue(), ['lostHintSeq']);
// Changed first at the first loss or compaction, mid-run (see double-fields.ts).
preferMutableFields(new RtxQueue(), ['recs', 'sackedOut']);
