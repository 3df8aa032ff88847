/**
 * The receiver's A-MPDU reorder buffer (net/mac80211/rx.c,
 * ieee80211_sta_manage_reorder_buf): MPDUs of a (transmitter, TID) stream are
 * handed up in sequence order, so a retried subframe does not look like a
 * loss to TCP. A hole is skipped after the reorder timeout (100 ms), standing
 * in for the BlockAck request that would move the BAW. A frame below the
 * BAW or already held is freed without being handed up, and counted in
 * `discarded`: `late` when its sequence number was skipped (the data is lost
 * to TCP), a duplicate otherwise (its first copy was handed up: a lost
 * BlockAck made the sender retry it).
 */
import type { EventTarget, Sim } from '../../../engine/sim';
import type { Ns } from '../../../engine/time';
import type { Skb } from '../../skb';

const SEQ_MOD = 4096;
/** HT_RX_REORDER_BUF_TIMEOUT (HZ/10). */
export const RX_REORDER_TIMEOUT_NS = 100_000_000;

class Stream {
  /**
   * head_seq_num: the ADDBA request's starting sequence number. Every
   * transmitter here numbers a TID from 0 and sets the session up before its
   * first data frame, so the BAW starts at 0, not at the first frame to
   * arrive (which, when the first A-MPDU lost its head, would make the
   * retried head "older than the BAW" and discard it).
   */
  head = 0;
  readonly buf: (Skb | null)[];
  /** When each buffered frame arrived (reorder_time). */
  readonly atNs: Float64Array;
  stored = 0;
  timerArmed = false;
  /** Sequence numbers the BAW moved past without a frame (1), until that number is received or reused. */
  readonly skipped = new Uint8Array(SEQ_MOD);
  constructor(size: number) {
    this.buf = new Array<Skb | null>(size).fill(null);
    this.atNs = new Float64Array(size);
  }
}

export class RxReorder implements EventTarget {
  private readonly streams = new Map<number, Stream>();
  /** MPDUs freed without being handed up (dev_kfree_skb in ieee80211_sta_manage_reorder_buf). */
  discarded = 0;
  /** Of those, frames whose hole had been skipped: lost, unlike duplicates. */
  late = 0;

  constructor(
    private readonly sim: Sim,
    private readonly release: (skb: Skb, nowNs: Ns) => void,
    private readonly bufSize = 64,
    private readonly timeoutNs = RX_REORDER_TIMEOUT_NS,
  ) {}

  /** Number of MPDUs waiting for a hole to fill. */
  get heldFrames(): number {
    let n = 0;
    for (const s of this.streams.values()) n += s.stored;
    return n;
  }

  receive(key: number, skb: Skb, nowNs: Ns): void {
    let st = this.streams.get(key);
    if (!st) {
      st = new Stream(this.bufSize);
      this.streams.set(key, st);
    }
    const seq = skb.seqno80211 % SEQ_MOD;
    const d = (seq - st.head + SEQ_MOD) % SEQ_MOD;
    if (d >= SEQ_MOD / 2) {
      // Older than the BAW: a duplicate, or a frame whose hole was skipped.
      this.discarded++;
      if (st.skipped[seq] === 1) {
        st.skipped[seq] = 0;
        this.late++;
      }
      return;
    }
    if (d >= this.bufSize) {
      // Beyond the BAW: move it, releasing what falls out in order.
      this.advance(st, (seq - this.bufSize + 1 + SEQ_MOD) % SEQ_MOD, nowNs);
    }
    const slot = seq % this.bufSize;
    if (st.buf[slot] !== null) {
      this.discarded++; // duplicate
      return;
    }
    st.buf[slot] = skb;
    st.atNs[slot] = nowNs;
    st.stored++;
    this.releaseInOrder(st, nowNs);
    if (st.stored > 0 && !st.timerArmed) {
      st.timerArmed = true;
      this.sim.after(this.timeoutNs, this, key);
    }
  }

  handleEvent(key: number, _arg: unknown, nowNs: Ns): void {
    const st = this.streams.get(key);
    if (!st) return;
    st.timerArmed = false;
    if (st.stored === 0) return;
    // Skip the hole(s) before the first stored frame once it has waited the timeout.
    let s = st.head;
    while (st.buf[s % this.bufSize] === null) s = (s + 1) % SEQ_MOD;
    const waited = nowNs - st.atNs[s % this.bufSize];
    if (waited >= this.timeoutNs) {
      this.advance(st, s, nowNs);
      this.releaseInOrder(st, nowNs);
    }
    if (st.stored > 0) {
      let f = st.head;
      while (st.buf[f % this.bufSize] === null) f = (f + 1) % SEQ_MOD;
      st.timerArmed = true;
      this.sim.at(st.atNs[f % this.bufSize] + this.timeoutNs, this, key);
    }
  }

  private releaseInOrder(st: Stream, nowNs: Ns): void {
    for (;;) {
      const slot = st.head % this.bufSize;
      const skb = st.buf[slot];
      if (skb === null) return;
      st.buf[slot] = null;
      st.stored--;
      st.skipped[st.head] = 0;
      st.head = (st.head + 1) % SEQ_MOD;
      this.release(skb, nowNs);
    }
  }

  /** Moves the head to `newHead`, releasing stored frames on the way in order. */
  private advance(st: Stream, newHead: number, nowNs: Ns): void {
    while (st.head !== newHead) {
      const slot = st.head % this.bufSize;
      const skb = st.buf[slot];
      st.skipped[st.head] = skb === null ? 1 : 0;
      if (skb !== null) {
        st.buf[slot] = null;
        st.stored--;
        this.release(skb, nowNs);
      }
      st.head = (st.head + 1) % SEQ_MOD;
    }
  }
}
