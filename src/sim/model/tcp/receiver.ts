/**
 * The TCP receiver: in-order and out-of-order reassembly, SACK blocks,
 * delayed ACK (an ACK for every second full-sized segment, tcp_ack_snd_check;
 * otherwise the delack timer), immediate ACKs for out-of-order data, and an
 * optional GRO stage that merges segments arriving within one NAPI poll
 * (net/ipv4/tcp_input.c, net/core/gro.c). ACKs echo a TCP timestamp
 * (tcp_store_ts_recent: from data at or below the ACK point).
 */
import type { EventTarget, Sim } from '../../engine/sim';
import { Timer } from '../../engine/sim';
import { msecsToJiffies, timerFireNs } from '../jiffies';
import { preferDoubleFields } from '../../engine/double-fields';
import type { Ns } from '../../engine/time';
import { Skb, SkbKind, SMALL_SKB_TRUESIZE } from '../skb';

export interface TcpReceiverConfig {
  flowId: number;
  /** This receiver's node and the sender's node. */
  node: number;
  peer: number;
  mssBytes: number;
  /** Delayed-ACK timeout (TCP_DELACK_MIN 40 ms; Linux uses ~ato, at least 40 ms). */
  delackNs: Ns;
  /**
   * The receiver's jiffy clock: the delayed-ACK timer (a timer_list, armed
   * for jiffies + ato) fires on a tick (../jiffies.ts); absent: exactly delackNs later.
   */
  jiffyTimer?: { hz: number; levelWheel: boolean };
  /**
   * GRO interval: arrivals within this time after the first are merged (0: off).
   * Models the RX interrupt coalescing + NAPI poll of the receiving NIC.
   */
  groWindowNs: Ns;
  /** Largest GRO packet (64 KB). */
  groMaxBytes: number;
  /** Time from ACK creation to the receiver's transmit (CPU), usually 0. */
  priority: number;
}

const K_GRO_FLUSH = 1;
const QUICKACKS = 16;

export class TcpReceiver implements EventTarget {
  rcvNxt = 0;
  /** Out-of-order intervals [start, end) sorted by start, flattened. */
  private ooo: number[] = [];
  private unackedSegs = 0;
  private quickacks = QUICKACKS;
  private lastOooStart = -1;
  private readonly delack: Timer;
  /**
   * Skbs waiting for the GRO flush: the first groLen entries. Two lists swap at
   * each flush and keep their capacity (entries are nulled, never truncated,
   * since a length cut would free the backing store), so GRO allocates nothing.
   */
  private gro: (Skb | null)[] = [];
  private groLen = 0;
  private groSpare: (Skb | null)[] = [];
  private groArmed = false;
  /** ts_recent: the newest xmitNs of a segment that started at or below rcvNxt. */
  private tsRecentNs: Ns = 0;
  acksSent = 0;
  segsReceived = 0;
  bytesInOrder = 0;

  private delackFireNs(nowNs: Ns): Ns {
    const j = this.cfg.jiffyTimer;
    if (!j) return nowNs + this.cfg.delackNs;
    return timerFireNs(nowNs, msecsToJiffies(this.cfg.delackNs / 1e6, j.hz), j.hz, j.levelWheel);
  }

  constructor(
    private readonly sim: Sim,
    readonly cfg: TcpReceiverConfig,
    private readonly sendAck: (ack: Skb, nowNs: Ns) => void,
  ) {
    this.delack = new Timer(sim, (now) => this.ackNow(now));
    preferDoubleFields(this, ['rcvNxt', 'bytesInOrder']);
  }

  /** A data skb (possibly several segments) arrives. */
  receive(skb: Skb, nowNs: Ns): void {
    if (this.cfg.groWindowNs <= 0) {
      this.process(skb.seq, skb.seq + skb.lenBytes, skb.segs, skb.xmitNs, nowNs);
      return;
    }
    if (this.groLen < this.gro.length) this.gro[this.groLen] = skb;
    else this.gro.push(skb);
    this.groLen++;
    if (!this.groArmed) {
      this.groArmed = true;
      this.sim.after(this.cfg.groWindowNs, this, K_GRO_FLUSH);
    }
  }

  handleEvent(_kind: number, _arg: unknown, nowNs: Ns): void {
    this.groArmed = false;
    const list = this.gro as Skb[];
    const n = this.groLen;
    this.gro = this.groSpare;
    this.groLen = 0;
    // Merge runs of contiguous segments up to groMaxBytes (napi_gro_receive).
    let i = 0;
    while (i < n) {
      const start = list[i].seq;
      let end = list[i].seq + list[i].lenBytes;
      let segs = list[i].segs;
      let tsval = list[i].xmitNs;
      i++;
      while (i < n && list[i].seq === end && end - start + list[i].lenBytes <= this.cfg.groMaxBytes) {
        end += list[i].lenBytes;
        segs += list[i].segs;
        tsval = Math.max(tsval, list[i].xmitNs);
        i++;
      }
      this.process(start, end, segs, tsval, nowNs);
    }
    for (let k = 0; k < n; k++) (list as (Skb | null)[])[k] = null;
    this.groSpare = list;
  }

  private process(start: number, end: number, segs: number, tsvalNs: Ns, nowNs: Ns): void {
    this.segsReceived += segs;
    if (start <= this.rcvNxt && tsvalNs > this.tsRecentNs) this.tsRecentNs = tsvalNs; // PAWS: never backwards
    let outOfOrder = false;
    if (end <= this.rcvNxt) {
      outOfOrder = true; // duplicate: ACK at once (DSACK not modelled)
    } else if (start > this.rcvNxt) {
      outOfOrder = true;
      this.addOoo(start, end);
      this.lastOooStart = start;
    } else {
      const before = this.rcvNxt;
      this.rcvNxt = end;
      const hadHoles = this.ooo.length > 0;
      this.drainOoo();
      this.bytesInOrder += this.rcvNxt - before;
      if (hadHoles) outOfOrder = true; // filled a hole: ACK now
    }
    this.unackedSegs += segs;
    if (outOfOrder || this.quickacks > 0 || this.unackedSegs >= 2) {
      if (this.quickacks > 0) this.quickacks--;
      this.ackNow(nowNs);
    } else if (!this.delack.armed) {
      this.delack.arm(this.delackFireNs(nowNs));
    }
  }

  private addOoo(start: number, end: number): void {
    const o = this.ooo;
    let i = 0;
    while (i < o.length && o[i] < start) i += 2;
    o.splice(i, 0, start, end);
    // Merge overlapping/adjacent intervals.
    const merged: number[] = [];
    for (let k = 0; k < o.length; k += 2) {
      const n = merged.length;
      if (n > 0 && o[k] <= merged[n - 1]) merged[n - 1] = Math.max(merged[n - 1], o[k + 1]);
      else merged.push(o[k], o[k + 1]);
    }
    this.ooo = merged;
  }

  private drainOoo(): void {
    const o = this.ooo;
    let k = 0;
    while (k < o.length && o[k] <= this.rcvNxt) {
      if (o[k + 1] > this.rcvNxt) this.rcvNxt = o[k + 1];
      k += 2;
    }
    if (k > 0) this.ooo = o.slice(k);
  }

  private ackNow(nowNs: Ns): void {
    this.delack.cancel();
    this.unackedSegs = 0;
    const ack = new Skb();
    ack.kind = SkbKind.ACK;
    ack.flowId = this.cfg.flowId;
    ack.src = this.cfg.node;
    ack.dst = this.cfg.peer;
    ack.priority = this.cfg.priority;
    ack.seq = 0;
    ack.lenBytes = 0;
    ack.segs = 1;
    ack.hdrBytes = 66 + (this.ooo.length > 0 ? 4 + 8 * Math.min(3, this.ooo.length / 2) : 0);
    ack.truesizeBytes = SMALL_SKB_TRUESIZE;
    ack.ackSeq = this.rcvNxt;
    ack.createdNs = nowNs;
    ack.tsEcrNs = this.tsRecentNs;
    if (this.ooo.length > 0) ack.sack = this.sackBlocks();
    this.acksSent++;
    this.sendAck(ack, nowNs);
  }

  /** Up to 3 SACK blocks, the one holding the latest out-of-order segment first (RFC 2018). */
  private sackBlocks(): number[] {
    const o = this.ooo;
    const out: number[] = [];
    let first = -1;
    for (let k = 0; k < o.length; k += 2) {
      if (this.lastOooStart >= o[k] && this.lastOooStart < o[k + 1]) first = k;
    }
    if (first >= 0) out.push(o[first], o[first + 1]);
    for (let k = o.length - 2; k >= 0 && out.length < 6; k -= 2) {
      if (k !== first) out.push(o[k], o[k + 1]);
    }
    return out;
  }
}
