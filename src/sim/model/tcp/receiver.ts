/**
 * The TCP receiver: in-order and out-of-order reassembly (./ooo-queue.ts),
 * SACK blocks, delayed ACK (an ACK for every second full-sized segment,
 * tcp_ack_snd_check; otherwise the delack timer), immediate ACKs for
 * out-of-order data, for the first data and after a duplicate
 * (tcp_incr_quickack: rcv_wnd / 2 rcv_mss of them, at most 16) and while the
 * window grows (tcp_grow_window sets icsk_ack.quick), an optional GRO stage that merges segments arriving within
 * one NAPI poll (net/ipv4/tcp_input.c, net/core/gro.c), and the receive
 * window it advertises: sk_rcvbuf by SO_RCVBUF or autotuning
 * (./rcv-window.ts, ./rcv-space.ts). ACKs echo a TCP timestamp
 * (tcp_store_ts_recent: from data at or below the ACK point). The bulk
 * application (netperf's receiver) reads each in-order skb right after
 * the softirq has queued and ACKed it (tcp_recvmsg → tcp_rcv_space_adjust,
 * tcp_cleanup_rbuf).
 */
import type { EventTarget, Sim } from '../../engine/sim';
import { Timer } from '../../engine/sim';
import { msecsToJiffies, timerFireNs } from '../jiffies';
import { preferDoubleFields } from '../../engine/double-fields';
import type { Ns } from '../../engine/time';
import { Skb, SkbKind, SMALL_SKB_TRUESIZE } from '../skb';
import { Hop } from '../skb-trace';
import { SPARE_SKBS } from '../skb-pool';
import { GroRun, mergeGroRun } from './gro-merge';
import { synAckSkb, TCPHDR_SYN } from './handshake';
import { OooQueue } from './ooo-queue';
import { RcvSpace } from './rcv-space';
import { type RcvTuning, SK_BUFF_BYTES } from './rcv-tuning';
import { RcvWindow } from './rcv-window';

/** The receive buffer: the kernel generation's tuning, the socket option, the NIC's RX buffers. */
export interface RcvBufferConfig {
  tuning: RcvTuning;
  /** setsockopt(SO_RCVBUF) value, or null: not set (autotuning). */
  soRcvbufBytes: number | null;
  /** Truesize one received wire frame charges (the driver's RX buffer: 2048, half a page, in ixgbe). */
  rxBufBytes: number;
}

export interface TcpReceiverConfig {
  flowId: number;
  /**
   * ACKs come from the pool of spare skbs and return once the sender has
   * processed them (../skb-pool.ts): only where nothing else keeps an ACK on
   * its way back (a wired path; a WiFi driver holds a frame until its TX status).
   */
  poolAcks?: boolean;
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
  buffer: RcvBufferConfig;
  /**
   * Replies within ato that put the socket in ping-pong mode: 1, but 3 from
   * 4a41f453bedf (5.1) until its revert 4d8f24eeedc5 (5.19). Absent: 1.
   */
  pingpongThresh?: number;
}

const K_GRO_FLUSH = 1;
/** TCP_MAX_QUICKACKS. */
const MAX_QUICKACKS = 16;
/** tcp_event_data_recv grows the window only for skbs of at least 128 bytes. */
const GROW_MIN_LEN = 128;

export class TcpReceiver implements EventTarget {
  rcvNxt = 0;
  private readonly ooo = new OooQueue();
  private unackedSegs = 0;
  /** icsk_ack.quick: immediate ACKs left. */
  private quickacks = 0;
  /** icsk_ack.ato is still 0: no data yet (the first data segment starts quick-ACK mode). */
  private atoUnset = true;
  private readonly delack: Timer;
  /**
   * Skbs waiting for the GRO flush: the first groLen entries. Two lists swap at
   * each flush and keep their capacity (entries are nulled, never truncated,
   * since a length cut would free the backing store), so GRO allocates nothing.
   */
  private gro: (Skb | null)[] = [];
  private groLen = 0;
  private groSpare: (Skb | null)[] = [];
  /** The merged skb a GRO flush hands up, reused. */
  private readonly groRun = new GroRun();
  private groArmed = false;
  /** ts_recent: the xmitNs of the newest segment that started at or below rcv_wup (the last ACK point). */
  private tsRecentNs: Ns = 0;
  /** Truesize of in-order data queued and not yet read (the application reads it after the ACK decision). */
  private unreadBytes = 0;
  readonly window: RcvWindow;
  readonly space: RcvSpace;
  /** The window the last ACK advertised (bytes, as the sender reads it). */
  advertisedBytes = 0;
  acksSent = 0;
  /** Duplicates received (end ≤ rcv_nxt), each answered with a D-SACK by tcp_data_queue → tcp_dsack_set. */
  dsacks = 0;
  segsReceived = 0;
  bytesInOrder = 0;
  /**
   * icsk_ack.pingpong: replies sent within ato of the last data (tcp_event_data_sent). At the
   * threshold the socket is in ping-pong mode, where tcp_in_quickack_mode() is false and data
   * is ACKed late or with the reply; the delayed-ACK timer leaves the mode.
   */
  private pingpong = 0;
  /** icsk_ack.lrcvtime: when data last arrived. */
  private lastRcvNs: Ns = -Infinity;
  /** The application above, when it answers requests: called after each in-order read. */
  onRead: ((bytesInOrder: number, nowNs: Ns) => void) | null = null;
  /** Responses written (each carried an ACK). */
  responsesSent = 0;

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
    this.delack = new Timer(sim, (now) => this.delackFired(now));
    const b = cfg.buffer;
    this.window = new RcvWindow(b.tuning, cfg.mssBytes, b.soRcvbufBytes);
    this.space = new RcvSpace(this.window, sim.nowNs);
    this.advertisedBytes = this.initialWindowBytes;
    preferDoubleFields(this, ['rcvNxt', 'bytesInOrder']);
  }

  /** The window of the SYN-ACK (not scaled), which the sender starts from. */
  get initialWindowBytes(): number {
    return Math.min(this.window.rcvWnd, 65535);
  }

  /** sk_rmem_alloc: truesize queued out of order or not yet read. */
  get rmemBytes(): number {
    return this.ooo.truesizeBytes + this.unreadBytes;
  }

  /** A data skb (possibly several segments) arrives. */
  receive(skb: Skb, nowNs: Ns): void {
    if (skb.tcpFlags !== 0) return this.handshake(skb, nowNs);
    if (skb.trace !== null) skb.trace.hop(Hop.RX, this, skb.arriveNs > nowNs ? skb.arriveNs : nowNs);
    if (this.cfg.groWindowNs <= 0) {
      this.process(skb.seq, skb.seq + skb.lenBytes, skb.segs, skb.xmitNs, skb.tsEcrNs, nowNs);
      SPARE_SKBS.release(skb);
      return;
    }
    this.groAdd(skb, nowNs);
  }

  /** Into the GRO list; the first after a flush opens the window. */
  private groAdd(skb: Skb, nowNs: Ns): void {
    if (this.groLen < this.gro.length) this.gro[this.groLen] = skb;
    else this.gro.push(skb);
    this.groLen++;
    if (!this.groArmed) {
      this.groArmed = true;
      // A segment handed over ahead of its arrival (Skb.arriveNs) opens the window when it arrives.
      const atNs = skb.arriveNs > nowNs ? skb.arriveNs : nowNs;
      this.sim.at(atNs + this.cfg.groWindowNs, this, K_GRO_FLUSH);
    }
  }

  handleEvent(_kind: number, _arg: unknown, nowNs: Ns): void {
    this.groArmed = false;
    const list = this.gro as Skb[];
    const all = this.groLen;
    // The list is in arrival order: what has not arrived by now waits for a window of its own.
    let n = all;
    while (n > 0 && list[n - 1].arriveNs > nowNs) n--;
    this.gro = this.groSpare;
    this.groLen = 0;
    for (let k = n; k < all; k++) {
      this.groAdd(list[k], nowNs);
      (list as (Skb | null)[])[k] = null;
    }
    // Merge runs of contiguous segments up to groMaxBytes (napi_gro_receive).
    const run = this.groRun;
    for (let i = 0; i < n;) {
      i = mergeGroRun(list, i, n, this.cfg.groMaxBytes, run);
      this.process(run.start, run.end, run.segs, run.tsvalNs, run.tsecrNs, nowNs);
    }
    for (let k = 0; k < n; k++) {
      // A router's segment goes back to its pool once the ring behind it has let go too.
      SPARE_SKBS.release(list[k]);
      (list as (Skb | null)[])[k] = null;
    }
    this.groSpare = list;
  }

  private process(start: number, end: number, segs: number, tsvalNs: Ns, tsecrNs: Ns, nowNs: Ns): void {
    this.segsReceived += segs;
    // tcp_replace_ts_recent: only a segment at or below rcv_wup; PAWS: never backwards.
    if (start <= this.window.rcvWup && tsvalNs > this.tsRecentNs) this.tsRecentNs = tsvalNs;
    const len = end - start;
    // A GRO skb: one sk_buff over the frames' RX buffers (build_skb + skb_add_rx_frag).
    const truesize = segs * this.cfg.buffer.rxBufBytes + SK_BUFF_BYTES;
    this.space.measureTs(tsecrNs, len, nowNs);
    let outOfOrder = false;
    let inOrder = false;
    if (end <= this.rcvNxt) {
      // Duplicate: ACK at once and quick-ACK mode (tcp_data_queue → out_of_window). Linux puts a
      // D-SACK block in that ACK (tcp_dsack_set); counted, not carried to the sender.
      outOfOrder = true;
      this.dsacks++;
      this.incrQuickack();
    } else if (start > this.rcvNxt) {
      outOfOrder = true;
      this.ooo.add(start, end, truesize);
      this.dataEvent(segs > 1 ? this.cfg.mssBytes : len, len, truesize, false, nowNs);
      this.space.growForOoo(this.ooo.highestEnd - this.rcvNxt);
    } else {
      inOrder = true;
      const before = this.rcvNxt;
      this.rcvNxt = end;
      const hadHoles = !this.ooo.empty;
      // Queued ranges now in order move to the receive queue; the application reads them with this skb.
      const held = this.ooo.truesizeBytes;
      this.rcvNxt = this.ooo.drain(this.rcvNxt);
      this.unreadBytes = truesize + held - this.ooo.truesizeBytes;
      this.bytesInOrder += this.rcvNxt - before;
      this.dataEvent(segs > 1 ? this.cfg.mssBytes : len, len, truesize, true, nowNs);
      if (hadHoles) outOfOrder = true; // filled a hole: ACK now
    }
    this.unackedSegs += segs;
    this.lastRcvNs = nowNs;
    const quick = this.quickacks > 0 && this.pingpong < (this.cfg.pingpongThresh ?? 1);
    if (outOfOrder || quick || this.unackedSegs >= 2) {
      this.ackNow(nowNs);
    } else if (!this.delack.armed) {
      this.delack.arm(this.delackFireNs(nowNs));
    }
    if (inOrder) this.read(nowNs);
    if (inOrder && this.onRead !== null) this.onRead(this.bytesInOrder, nowNs);
  }

  /** The delayed ACK fires (tcp_delack_timer_handler): a missed reply leaves ping-pong mode. */
  private delackFired(nowNs: Ns): void {
    this.pingpong = 0;
    this.ackNow(nowNs);
  }

  /**
   * The application writes a reply of `bytes`: it leaves at once and carries
   * the ACK (tcp_event_ack_sent clears the delayed ACK), and a reply within
   * ato of the last data counts toward ping-pong mode (tcp_event_data_sent).
   */
  respond(bytes: number, nowNs: Ns): void {
    if (nowNs - this.lastRcvNs < this.cfg.delackNs && this.pingpong < 255) this.pingpong++;
    this.ackNow(nowNs, bytes);
  }

  /** tcp_event_data_recv (and tcp_data_queue_ofo's window growth): rcv_mss, the window-based RTT sample, tcp_grow_window. */
  private dataEvent(segLen: number, len: number, truesize: number, inOrder: boolean, nowNs: Ns): void {
    if (this.window.measureRcvMss(segLen, len, truesize)) this.space.capSpace();
    if (inOrder) this.space.measureWindow(this.rcvNxt, nowNs);
    if (inOrder && this.atoUnset) {
      this.atoUnset = false; // the first data: ato = TCP_ATO_MIN
      this.incrQuickack();
    }
    if (len >= GROW_MIN_LEN && this.window.growWindow(len, truesize, this.rmemBytes)) this.quickacks |= 1;
  }

  /**
   * The application reads what is in order: autotuning, and a window update
   * when the read at least doubles what is left of the window
   * (tcp_cleanup_rbuf) — also right after an ACK, which left the unread skb
   * out of its window.
   */
  private read(nowNs: Ns): void {
    this.unreadBytes = 0;
    const span = this.ooo.empty ? 0 : this.ooo.highestEnd - this.rcvNxt;
    this.space.adjust(this.rcvNxt, span, nowNs);
    const w = this.window;
    const now = w.receiveWindowNow(this.rcvNxt);
    if (2 * now <= w.windowClamp) {
      const next = w.freeWindow(this.rmemBytes);
      if (next > 0 && next >= 2 * now) this.ackNow(nowNs);
    }
  }

  /** tcp_incr_quickack: enough immediate ACKs to open half the current window, at most 16. */
  private incrQuickack(): void {
    const q = Math.floor(this.window.rcvWnd / (2 * this.window.rcvMss)) || 2;
    if (q > this.quickacks) this.quickacks = Math.min(q, MAX_QUICKACKS);
  }

  /**
   * tcp_conn_request answers every SYN with a SYN-ACK echoing its TSval
   * (../tcp/handshake.ts); the third ACK needs nothing here.
   */
  private handshake(skb: Skb, nowNs: Ns): void {
    if ((skb.tcpFlags & TCPHDR_SYN) === 0) return;
    this.tsRecentNs = skb.xmitNs;
    this.sendAck(synAckSkb(skb, this.initialWindowBytes, nowNs), nowNs);
  }

  private ackNow(nowNs: Ns, payloadBytes = 0): void {
    this.delack.cancel();
    this.unackedSegs = 0;
    if (this.quickacks > 0) this.quickacks--; // tcp_dec_quickack_mode
    const ack = this.cfg.poolAcks ? SPARE_SKBS.take() : new Skb();
    if (this.cfg.poolAcks) ack.holds = 1;
    ack.kind = SkbKind.ACK;
    ack.flowId = this.cfg.flowId;
    ack.src = this.cfg.node;
    ack.dst = this.cfg.peer;
    ack.priority = this.cfg.priority;
    ack.seq = 0;
    ack.lenBytes = payloadBytes;
    ack.segs = 1;
    const ranges = this.ooo.ranges;
    ack.hdrBytes = 66 + (ranges > 0 ? 4 + 8 * Math.min(3, ranges) : 0);
    ack.truesizeBytes = SMALL_SKB_TRUESIZE;
    ack.ackSeq = this.rcvNxt;
    ack.createdNs = nowNs;
    ack.tsEcrNs = this.tsRecentNs;
    ack.windowBytes = this.window.selectWindow(this.rcvNxt, this.rmemBytes);
    if (this.window.quickCleared) this.quickacks = 0;
    this.advertisedBytes = ack.windowBytes;
    if (ranges > 0) ack.sack = this.ooo.sackBlocks();
    if (payloadBytes > 0) this.responsesSent++;
    else this.acksSent++;
    this.sendAck(ack, nowNs);
  }
}
