/**
 * A bulk TCP sender socket: its state, the transmit of one skb, the TSQ
 * completion handler (tcp_wfree → tasklet), and pacing timers.
 * Mirrors net/ipv4/tcp_output.c (tcp_transmit_skb, tcp_wfree,
 * tcp_tsq_handler, tcp_pace_kick). The tcp_write_xmit decision is in
 * ./write-xmit.ts, pacing in ./sender-pacing.ts; ACK processing lives in
 * ./ack.ts; the TSQ check in ./tsq-gate.ts, skb sizing and TSO deferral in
 * ./tso-goal.ts, tcp_cwnd_validate in ./cwnd-validate.ts.
 */
import type { EventTarget, Sim } from '../../engine/sim';
import { Timer } from '../../engine/sim';
import { preferDoubleFields } from '../../engine/double-fields';
import { NS_PER_MS, NS_PER_SEC, type Ns } from '../../engine/time';
import type { Cpu, CpuCosts } from '../cpu/cpu';
import { APP_CHUNK_BYTES, BulkWriter } from './app-writer';
import { writePolicy } from '../traffic/write-policy';
import { partialTailMayGo, tcpPush } from './tcp-push';
import { LimitChrono } from './limit-chrono';
import { sndbufOnEstablished, sndbufOnNewSpace } from './sndbuf-expand';
import { tcpDataSkb } from './data-skb';
import { PacingStatus, Skb, SkbKind, tcpSkbTruesize, type SkbOwner } from '../skb';
import { skbHeadTruesize } from '../skb-truesize';
import type { CcSock, CongestionControl } from './cc/cc';
import { RtxQueue } from './rtx-queue';
import { SndWnd } from './snd-wnd';
import { TsoGoal } from './tso-goal';
import { tsqHalfLimitSegs } from './tso';
import { TsqGate, type TsqSocket } from './tsq-gate';
import { AckProcessor } from './ack';
import { hasEdt, hasInternalPacing, type KernelFeatures } from './kernel-features';
import { CwndValidation } from './cwnd-validate';
import { tcpCwndStarve, tcpSlowStartAfterIdleCheck } from './cwnd-idle';
import type { TcpSenderConfig } from './sender-config';
import { Hop } from '../skb-trace';
import { TsqWork } from './tsq-work';

/** The per-skb probe's sampler (../../metrics/skb-tracer.ts): called for every data skb sent while it is on. */
export interface SkbSampler {
  sample(skb: Skb, sender: object, nowNs: Ns): void;
}
import { tcpPacingAfterSend } from './sender-pacing';
import { ActiveOpen, TCPHDR_SYN, tcpFinishConnect } from './handshake';
import { tcpWriteXmit } from './write-xmit';

const K_TX_DONE = 1;
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
    private readonly cpu: Cpu,
    private readonly costs: CpuCosts,
    readonly kernel: KernelFeatures,
    readonly cc: CongestionControl,
    readonly cfg: TcpSenderConfig,
    private readonly ipOutput: (skb: Skb, nowNs: Ns) => void,
    private readonly hooks: {
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
      (skb, now) => this.xmitControl(skb, now),
      () => (this.snd_ssthresh = cc.ssthresh(this)),
      kernel.tcpTsClockMs ? NS_PER_MS : NS_PER_SEC / kernel.hz,
    );
    // SO_MAX_PACING_RATE (sock_setsockopt): sk_pacing_rate = min(sk_pacing_rate, max), and from
    // 4.13 cmpxchg(&sk->sk_pacing_status, SK_PACING_NONE, SK_PACING_NEEDED): TCP paces itself, whatever
    // its congestion control. BBR's init asks for the same.
    const maxRate = cfg.maxPacingRateBytesPerSec;
    if (Number.isFinite(maxRate)) this.pacingRateBytesPerSec = Math.min(this.pacingRateBytesPerSec, maxRate);
    cc.init(this);
    const wantsPacing = cc.needsPacing || Number.isFinite(maxRate);
    if (wantsPacing && hasInternalPacing(kernel) && this.sk_pacing_status === PacingStatus.NONE) {
      this.sk_pacing_status = PacingStatus.NEEDED;
    }
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

  /**
   * __tcp_transmit_skb of a SYN or pure ACK: stamped tcp_wstamp_ns (EDT), plus
   * tcp_add_tx_delay on the copy sent down; RTT is timed from the send.
   */
  xmitControl(skb: Skb, nowNs: Ns): void {
    // skb_set_owner_w: skb->sk is this socket (fq classifies the flow by it and sets
    // SK_PACING_FQ at its first skb, the SYN) and sk_wmem_alloc holds its truesize until freed.
    skb.owner = this;
    this.wmemBytes += skb.truesizeBytes;
    if (hasEdt(this.kernel)) skb.tstampNs = Math.max(this.wstampNs, nowNs) + this.cfg.txDelayUs * 1000;
    this.ipOutput(skb, nowNs);
  }

  /** The application goes on writing if the send buffer has room. */
  appWrite(nowNs: Ns): void {
    this.app.write(nowNs);
  }

  // ---- tcp_push, autocork and Nagle under the application (./tcp-push.ts)
  /** sk_sndbuf (bytes): fixed by SO_SNDBUF, else autotuned (./sndbuf-expand.ts). */
  sndbuf: number;
  /**
   * tcp_check_space after an ACK: if it freed skbs (SOCK_QUEUE_SHRUNK) while the
   * writer waits (SOCK_NOSPACE), tcp_new_space may expand sk_sndbuf; then
   * sk_stream_write_space wakes the writer.
   */
  writeSpace(queueShrunk: boolean, nowNs: Ns): void {
    const at = this.cfg.sndbufAutotune;
    if (at && queueShrunk && this.app.noSpace) sndbufOnNewSpace(this, at);
    this.appWrite(nowNs);
  }
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
  /** tcp_write_xmit may send the partial last segment. */
  partialTailMayGo(): boolean {
    return partialTailMayGo(this);
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

  /**
   * sk_wmem_queued: payload plus each skb's fixed truesize, for the skbs of
   * the retransmit queue and the size_goal skbs the unsent data fills.
   */
  wmemQueuedBytes(): number {
    const mss = this.mss;
    const sg = this.cfg.sg;
    const goalBytes = this.sizeGoalSegs() * mss;
    const perSkb = this.skbTruesize(sg ? goalBytes : mss) - (sg ? goalBytes : mss);
    const unsent = this.unsentBytes;
    return this.writeSeq - this.sndUna + perSkb * (this.rtx.skbs + Math.ceil(unsent / goalBytes));
  }

  /** ACK arrival from the network: costs CPU, then tcp_ack. */
  receiveAck(ackSkb: Skb): void {
    // A reply's bytes ride on the server's ACK (../traffic/request-response.ts).
    if (ackSkb.lenBytes > 0) this.app.policy.response?.(ackSkb.lenBytes, this.sim.nowNs);
    if ((ackSkb.tcpFlags & TCPHDR_SYN) !== 0) this.cpu.submit(this.costs.perAckNs, this, K_SYNACK, ackSkb);
    else this.ack.receive(ackSkb, this.cpu, this.costs.perAckNs);
  }

  // ---- tcp_wfree + TSQ handler
  /**
   * tcp_wfree: sk_wmem_alloc -= truesize - 1, then, if TSQ throttled the
   * socket and its work is not queued yet, swap THROTTLED for QUEUED and
   * queue the work keeping that one reference; otherwise sk_free drops it at
   * once. (The ksoftirqd case — skip while sk_wmem_alloc >= SKB_TRUESIZE(1)
   * — never arises: the model's softirqs do not move to ksoftirqd.)
   */
  onSkbFree(skb: Skb, nowNs: Ns): void {
    this.wmemBytes -= skb.truesizeBytes;
    if (skb.kind === SkbKind.DATA && skb.tcpFlags === 0 && skb.xmitNs > 0)
      this.hooks.onCompletion?.(skb, nowNs - skb.xmitNs);
    const tr = skb.trace;
    if (tr !== null) tr.hop(Hop.WFREE, this, nowNs);
    this.tsqWork.onFree(tr, nowNs);
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
        this.txDone(arg as Skb, nowNs);
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

  /** tcp_send_mss size_goal in segments: skbs tcp_sendmsg builds are this large. */
  sizeGoalSegs(): number {
    if (this.cfg.gsoMode === 'mss') return 1;
    const full = Math.max(1, Math.floor(this.cfg.gsoMaxSizeBytes / this.mss) - 1);
    return Math.min(full, tsqHalfLimitSegs(this.kernel, this.limitOutputBytes, this.mss));
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

  /** tcp_transmit_skb of one skb: charge it to the socket, stamp it, hand it to the CPU. */
  send(seq: number, len: number, segs: number, truesize: number, retrans: boolean, nowNs: Ns): void {
    if (!retrans) tcpSlowStartAfterIdleCheck(this, nowNs);
    const skb = tcpDataSkb(this, seq, len, segs, truesize, retrans, nowNs);
    if (this.sampler !== null) this.sampler.sample(skb, this, nowNs);
    if (!retrans) this.ack.recordSent(seq, len, segs, nowNs);
    // skb_set_owner_w: sk_wmem_alloc += truesize until the skb is freed.
    this.wmemBytes += truesize;
    this.payloadOut += len;
    this.truesizeOut += truesize;
    tcpPacingAfterSend(this, skb, len, nowNs);
    this.dataSegsOut += segs;
    this.skbsSent++;
    this.lastSendNs = nowNs;
    this.txBusy = true;
    this.cpu.submit(this.costs.perSkbNs, this, K_TX_DONE, skb);
  }

  private txDone(skb: Skb, nowNs: Ns): void {
    this.txBusy = false;
    this.ipOutput(skb, nowNs);
    // The same tcp_write_xmit loop goes on with the next skb.
    this.loopSent = true;
    this.writeXmit(nowNs);
    this.loopSent = false;
    if (!this.txBusy) this.tsqWork.endLoop();
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
