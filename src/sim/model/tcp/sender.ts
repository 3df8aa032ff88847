/**
 * A bulk TCP sender socket: the struct tcp_sock state that
 * net/ipv4/tcp_output.c reads, sk_wmem_alloc, and the pacing timer.
 * tcp_transmit_skb and tcp_wfree are in ./sender-xmit.ts; sk_wmem_queued,
 * size_goal and tcp_check_space in ./sender-wmem.ts; the TSQ work
 * (tcp_tsq_handler, tcp_pace_kick) in ./tsq-work.ts; the tcp_write_xmit
 * decision in ./write-xmit.ts, pacing in ./sender-pacing.ts; ACK processing
 * in ./ack.ts; the TSQ check in ./tsq-gate.ts, skb sizing and TSO deferral
 * in ./tso-goal.ts, tcp_cwnd_validate in ./cwnd-validate.ts.
 */
import type { EventTarget, Sim } from '../../engine/sim';
import { Timer } from '../../engine/sim';
import { preferDoubleFields } from '../../engine/double-fields';
import { NS_PER_MS, NS_PER_SEC, type Ns } from '../../engine/time';
import type { Cpu, CpuCosts } from '../cpu/cpu';
import { APP_CHUNK_BYTES, BulkWriter } from './app-writer';
import { writePolicy } from '../traffic/write-policy';
import { tcpPush } from './tcp-push';
import { LimitChrono } from './limit-chrono';
import { sndbufOnEstablished } from './sndbuf-expand';
import { PacingStatus, Skb, tcpSkbTruesize, type SkbOwner } from '../skb';
import { skbHeadTruesize } from '../skb-truesize';
import type { CcSock, CongestionControl } from './cc/cc';
import { RtxQueue } from './rtx-queue';
import { SndWnd } from './snd-wnd';
import { TsoGoal } from './tso-goal';
import { TsqGate, type TsqSocket } from './tsq-gate';
import { AckProcessor } from './ack';
import { hasEdt, type KernelFeatures } from './kernel-features';
import { CwndValidation } from './cwnd-validate';
import { tcpCwndStarve } from './cwnd-idle';
import type { TcpSenderConfig } from './sender-config';
import { TsqWork } from './tsq-work';
import { tcpInitPacing } from './sender-pacing';
import { K_TX_DONE, tcpTransmitSkb, tcpTxDone, tcpWfree, tcpXmitControl } from './sender-xmit';
import { tcpSizeGoalSegs, tcpWmemQueuedBytes } from './sender-wmem';
import { ActiveOpen, TCPHDR_SYN, tcpFinishConnect } from './handshake';
import { tcpWriteXmit } from './write-xmit';

/** The per-skb probe's sampler (../../metrics/skb-tracer.ts): called for every data skb sent while it is on. */
export interface SkbSampler {
  sample(skb: Skb, sender: object, nowNs: Ns): void;
}

const K_SYNACK = 8;

export class TcpSender implements SkbOwner, CcSock, EventTarget, TsqSocket {
  // ---- SkbOwner
  readonly flowId: number;
  pacingRateBytesPerSec = Infinity;
  sk_pacing_status: PacingStatus = PacingStatus.NONE;
  sk_pacing_shift = 10;
  // ---- CcSock
  snd_cwnd: number;
  snd_ssthresh = 2 ** 31 - 1;
  readonly mss: number;
  srttNs: Ns = 0;
  minRttNs: Ns = Infinity;
  deliveredBytes = 0;
  /** tcp_cwnd_validate state (max_packets_out, is_cwnd_limited, snd_cwnd_used): ./cwnd-validate.ts. */
  readonly cwndValidation: CwndValidation;
  /** tp->snd_cwnd_stamp (./cwnd-idle.ts). */
  cwndStampNs: Ns = 0;
  /** The flight before the ACK being processed (tcp_ack's prior_in_flight). */
  priorInFlight = 0;
  /** tcp_is_cwnd_limited(): whether congestion control may grow cwnd. */
  get isCwndLimited(): boolean {
    return this.cwndValidation.isLimited(this.snd_cwnd, this.snd_ssthresh, this.priorInFlight);
  }
  rtoNs(): Ns {
    return this.ack.rtt.rtoNs;
  }
  caOpen(): boolean {
    return this.ack.caState === 'open';
  }
  noSpace(): boolean {
    return this.app.noSpace;
  }
  get packetsOut(): number {
    return this.rtx.packetsOut;
  }
  get inFlight(): number {
    return this.rtx.inFlight();
  }
  get nowNs(): Ns {
    return this.sim.nowNs;
  }

  // ---- sender state
  readonly rtx = new RtxQueue();
  readonly ack: AckProcessor;
  sndUna = 0;
  sndNxt = 0;
  /** The bulk application writing into this socket. */
  readonly app: BulkWriter;
  /** write_seq: bytes the application has copied into the socket. */
  get writeSeq(): number {
    return this.app.writeSeq;
  }
  /**
   * Truesize of this socket's skbs below TCP (qdisc, driver, device) not yet
   * freed: what `ss -m` shows as skmem t (sk_wmem_alloc_get(), the refcount
   * less the one sk_alloc sets), but for the references below.
   */
  wmemBytes = 0;
  /** The TSQ work list entry: tcp_wfree and the pacing timer queue it (./tsq-work.ts). */
  readonly tsqWork: TsqWork;
  /** References the TSQ work holds on sk_wmem_alloc until its tcp_write_xmit is done. */
  get tsqRefs(): number {
    return this.tsqWork.refs;
  }
  /**
   * refcount_read(&sk->sk_wmem_alloc): sk_alloc starts it at 1
   * (refcount_set(&sk->sk_wmem_alloc, 1)), skb_set_owner_w adds each skb's
   * truesize, and tcp_wfree subtracts truesize - 1 and keeps the reference
   * while the socket waits for its TSQ work. Every kernel comparison reads this.
   */
  get skWmemAlloc(): number {
    return 1 + this.wmemBytes + this.tsqRefs;
  }
  readonly tsq: TsqGate;
  /** The TSQ limit last computed for new data (bytes of truesize). */
  get tsqLimit(): number {
    return this.tsq.limitBytes;
  }
  get throttled(): boolean {
    return this.tsq.throttled;
  }
  get rtxSkbs(): number {
    return this.rtx.skbs;
  }
  /** The CPU is transmitting an skb (tcp_write_xmit waits for it). */
  txBusy = false;
  /** tcp_wstamp_ns: the earliest departure time of the next skb (EDT). */
  wstampNs: Ns = 0;
  dataSegsOut = 0;
  /** tcpi_total_retrans: segments retransmitted over the connection. */
  totalRetrans = 0;
  limitOutputBytes: number;
  pacingShiftOverride: number | null;
  // ---- the receiver's window (./snd-wnd.ts) and the timestamp the data echoes
  /** snd_wnd; the builder sets the receiver's initial window (SYN-ACK) before start. */
  readonly sndWnd = new SndWnd(65535);
  /**
   * ts_recent: the newest ACK's timestamp (its creation time), echoed in the
   * data's TSecr; NaN until one is known. Builders set the SYN-ACK's, which
   * the first data echoes.
   */
  tsRecentNs: Ns = NaN;
  /** Totals for metrics. */
  get timerFires(): number {
    return this.tsqWork.timerFires;
  }
  skbsSent = 0;
  readonly pacingTimer: Timer;

  get costsRef(): CpuCosts {
    return this.costs;
  }

  constructor(
    private readonly sim: Sim,
    readonly cpu: Cpu,
    readonly costs: CpuCosts,
    readonly kernel: KernelFeatures,
    readonly cc: CongestionControl,
    readonly cfg: TcpSenderConfig,
    readonly ipOutput: (skb: Skb, nowNs: Ns) => void,
    readonly hooks: {
      onCompletion?: (skb: Skb, latencyNs: Ns) => void;
      onThrottle?: (startNs: Ns, endNs: Ns) => void;
    } = {},
  ) {
    this.flowId = cfg.flowId;
    this.cwndValidation = new CwndValidation(() => kernel.cwndValidate, {
      canGso: cfg.gsoMode !== 'mss',
      gsoMaxSizeBytes: cfg.gsoMaxSizeBytes,
      mssBytes: cfg.mssBytes,
    });
    this.mss = cfg.mssBytes;
    this.snd_cwnd = cfg.initialCwnd;
    this.limitOutputBytes = cfg.limitOutputBytes;
    this.pacingShiftOverride = cfg.pacingShiftOverride;
    if (cfg.pacingShiftOverride !== null) this.sk_pacing_shift = cfg.pacingShiftOverride;
    this.tsqWork = new TsqWork(sim, cpu, costs, () => hasEdt(kernel), this);
    this.pacingTimer = new Timer(sim, (now) => this.tsqWork.onPacingTimer(now));
    this.tsq = new TsqGate(hooks.onThrottle);
    this.app = new BulkWriter(this, cpu, costs, writePolicy(sim, cfg.app ?? null, APP_CHUNK_BYTES), !cfg.app);
    this.sndbuf = cfg.sndbufAutotune ? cfg.sndbufAutotune.initialBytes : cfg.sndbufBytes;
    // Byte counters and ns stamps outgrow small integers mid-run (see double-fields.ts).
    preferDoubleFields(this, [
      'sndUna',
      'sndNxt',
      'wmemBytes',
      'wstampNs',
      'lastSendNs',
      'deliveredBytes',
      'payloadOut',
      'truesizeOut',
      'tsRecentNs',
      'srttNs',
    ]);
    this.ack = new AckProcessor(sim, this);
    this.open = new ActiveOpen(
      sim,
      this,
      (skb, now) => tcpXmitControl(this, skb, now),
      () => (this.snd_ssthresh = cc.ssthresh(this)),
      kernel.tcpTsClockMs ? NS_PER_MS : NS_PER_SEC / kernel.hz,
    );
    tcpInitPacing(this);
  }

  /** sk_pacing_shift_update(): devices ask for a larger budget, unless the user pinned it. */
  pacingShiftUpdate(shift: number): void {
    if (this.pacingShiftOverride === null && this.sk_pacing_shift !== shift) this.sk_pacing_shift = shift;
  }

  setPacingShiftOverride(shift: number | null): void {
    this.pacingShiftOverride = shift;
    this.sk_pacing_shift = shift ?? 10;
  }

  /** SYN_SENT: the SYN and its timer (./handshake.ts). */
  readonly open: ActiveOpen;

  /** The application connects: the SYN goes out; the writer starts when the SYN-ACK is in. */
  connect(nowNs: Ns): void {
    this.open.connect(nowNs);
  }

  /** The connection is established: the application starts writing. */
  start(nowNs: Ns): void {
    // tcp_init_transfer → tcp_init_buffer_space: tcp_sndbuf_expand unless SO_SNDBUF locked it.
    if (this.cfg.sndbufAutotune) sndbufOnEstablished(this, this.cfg.sndbufAutotune);
    this.app.start(nowNs);
    this.appWrite(nowNs);
  }

  /** The application goes on writing if the send buffer has room. */
  appWrite(nowNs: Ns): void {
    this.app.write(nowNs);
  }

  // ---- tcp_push, autocork and Nagle under the application (./tcp-push.ts)
  /** sk_sndbuf (bytes): fixed by SO_SNDBUF, else autotuned (./sndbuf-expand.ts). */
  sndbuf: number;
  sndbufBytes(): number {
    return this.sndbuf;
  }
  /** snd_sml: end of the last small segment sent (tcp_minshall_update). */
  sndSml = 0;
  /** tcp_push set TSQ_THROTTLED to autocork: the next tcp_wfree queues the TSQ work. */
  autocorkThrottled = false;
  /** TCPAutoCorking events of this socket. */
  autocorkCount = 0;
  /** Why tcp_write_xmit last stopped, timed (./limit-chrono.ts). */
  readonly limits = new LimitChrono();
  push(nowNs: Ns): void {
    tcpPush(this, (len, sg) => tcpSkbTruesize(len, sg, this.kernel.tcpSkbHead), nowNs);
  }

  /** skb->truesize of an skb of this socket carrying `payloadBytes` (../skb-truesize.ts). */
  skbTruesize(payloadBytes: number): number {
    return tcpSkbTruesize(payloadBytes, this.cfg.sg, this.kernel.tcpSkbHead);
  }

  /** What this kernel charges a page-frag skb head; skb_segment's segments get the same. */
  get skbHeadTruesizeBytes(): number {
    return skbHeadTruesize(this.kernel.tcpSkbHead);
  }

  /** Unsent bytes in the write queue. */
  get unsentBytes(): number {
    return this.writeSeq - this.sndNxt;
  }

  /** sk_wmem_queued (./sender-wmem.ts). */
  wmemQueuedBytes(): number {
    return tcpWmemQueuedBytes(this);
  }

  /** ACK arrival from the network: costs CPU, then tcp_ack. */
  receiveAck(ackSkb: Skb): void {
    // A reply's bytes ride on the server's ACK (../traffic/request-response.ts).
    if (ackSkb.lenBytes > 0) this.app.policy.response?.(ackSkb.lenBytes, this.sim.nowNs);
    if ((ackSkb.tcpFlags & TCPHDR_SYN) !== 0) this.cpu.submit(this.costs.perAckNs, this, K_SYNACK, ackSkb);
    else this.ack.receive(ackSkb, this.cpu, this.costs.perAckNs);
  }

  /** tcp_wfree (./sender-xmit.ts). */
  onSkbFree(skb: Skb, nowNs: Ns): void {
    tcpWfree(this, skb, nowNs);
  }

  /** Adjusts sk_wmem_alloc when software GSO changes truesize (tcp_gso_segment). */
  chargeWmem(deltaBytes: number): void {
    this.wmemBytes += deltaBytes;
    this.truesizeOut += deltaBytes;
  }

  /** The per-skb probe's sampler while it is on. */
  sampler: SkbSampler | null = null;

  /** Payload and truesize charged so far: their ratio converts the TSQ budget to payload. */
  payloadOut = 0;
  truesizeOut = 0;

  payloadPerTruesize(): number {
    return this.truesizeOut > 0 ? this.payloadOut / this.truesizeOut : 1;
  }

  handleEvent(kind: number, arg: unknown, nowNs: Ns): void {
    switch (kind) {
      case K_TX_DONE:
        tcpTxDone(this, arg as Skb, nowNs);
        break;
      case K_SYNACK:
        tcpFinishConnect(this, arg as Skb, nowNs);
        break;
    }
  }

  /** tcp_write_xmit (+ tcp_xmit_retransmit_queue first, as tcp_tsq_write does): ./write-xmit.ts. */
  writeXmit(nowNs: Ns): void {
    tcpWriteXmit(this, nowNs);
  }

  /** tcp_cwnd_validate after a send or a stop (see ./cwnd-validate.ts). */
  cwndValidate(isCwndLimited: boolean, sameLoop = false): void {
    this.cwndValidation.validate(this.rtx.packetsOut, this.sndUna, this.sndNxt, isCwndLimited, sameLoop);
    tcpCwndStarve(this, this.sim.nowNs);
  }

  /** tcp_send_mss size_goal in segments (./sender-wmem.ts). */
  sizeGoalSegs(): number {
    return tcpSizeGoalSegs(this);
  }

  /** tcp_tso_segs for the next skb (./tso-goal.ts). */
  tsoGoal(): number {
    return this.tso.segs();
  }

  readonly tso = new TsoGoal(this);

  /** When the last skb was sent (tcp_tso_should_defer waits at most 1 ms). */
  lastSendNs: Ns = 0;

  /** tcp_small_queue_check (./tsq-gate.ts): true means stop (throttled). */
  tsqCheck(truesizeBytes: number, factor: 0 | 1, nowNs: Ns): boolean {
    return this.tsq.check(this, truesizeBytes, factor, nowNs);
  }

  /** Time spent throttled, including an open interval. */
  throttledTimeNs(nowNs: Ns): Ns {
    return this.tsq.timeNs(nowNs);
  }

  /** tcp_transmit_skb of one data skb (./sender-xmit.ts). */
  send(seq: number, len: number, segs: number, truesize: number, retrans: boolean, nowNs: Ns): void {
    tcpTransmitSkb(this, seq, len, segs, truesize, retrans, nowNs);
  }

  /** writeXmit runs as the continuation of a tcp_write_xmit loop that has sent. */
  loopSent = false;

  /** sk_max_pacing_rate (SO_MAX_PACING_RATE), for BBR's clamp. */
  get maxPacingRateBytesPerSec(): number {
    return this.cfg.maxPacingRateBytesPerSec;
  }

  pacingRateBps(): number {
    return Number.isFinite(this.pacingRateBytesPerSec) ? this.pacingRateBytesPerSec * 8 : 0;
  }
}
