/**
 * TCP Reno and the shared cwnd-growth primitives of net/ipv4/tcp_cong.c:
 * tcp_slow_start(), tcp_cong_avoid_ai(), tcp_reno_cong_avoid() and
 * tcp_reno_ssthresh().
 *
 * tp->snd_cwnd_cnt lives in the module (`AiCounter`) rather than on CcSock,
 * because only cwnd growth uses it. The kernel zeroes it in
 * tcp_init_cwnd_reduction() (entering recovery, i.e. when ->ssthresh() is
 * called) and in tcp_enter_loss() (RTO); `ssthresh()` and `onRto()` do the same.
 * snd_cwnd_clamp is not modelled (treated as unlimited).
 */
import type { CcSock, CongestionControl, RateSample } from './cc';

/** tp->snd_cwnd_cnt: ACKed packets not yet turned into a cwnd increment. */
export interface AiCounter {
  sndCwndCnt: number;
}

/** tcp_in_slow_start(). */
export function tcpInSlowStart(sk: CcSock): boolean {
  return sk.snd_cwnd < sk.snd_ssthresh;
}

/**
 * tcp_slow_start(): grow cwnd by one per ACKed packet, up to ssthresh.
 * Returns the ACKed packets left over once ssthresh is reached, which the
 * caller spends on congestion avoidance in the same ACK.
 */
export function tcpSlowStart(sk: CcSock, acked: number): number {
  const cwnd = Math.min(sk.snd_cwnd + acked, sk.snd_ssthresh);
  const left = acked - (cwnd - sk.snd_cwnd);
  sk.snd_cwnd = cwnd;
  return left;
}

/**
 * tcp_cong_avoid_ai(): in theory cwnd += acked / w; in practice whole
 * packets once snd_cwnd_cnt has collected w ACKed packets.
 */
export function tcpCongAvoidAi(sk: CcSock, ai: AiCounter, w: number, acked: number): void {
  // Credits gathered while w was larger are applied gently now.
  if (ai.sndCwndCnt >= w) {
    ai.sndCwndCnt = 0;
    sk.snd_cwnd++;
  }
  ai.sndCwndCnt += acked;
  if (ai.sndCwndCnt >= w) {
    const delta = Math.floor(ai.sndCwndCnt / w);
    ai.sndCwndCnt -= delta * w;
    sk.snd_cwnd += delta;
  }
}

/** Label shared by the loss-based modules. */
export function lossBasedLabel(sk: CcSock | null, inRecovery: boolean): string {
  if (inRecovery) return 'recovery';
  if (sk === null) return 'slow start';
  return tcpInSlowStart(sk) ? 'slow start' : 'congestion avoidance';
}

/** New Reno (tcp_reno_cong_avoid / tcp_reno_ssthresh). */
export class Reno implements CongestionControl {
  readonly name = 'reno' as const;
  readonly needsPacing = false;
  private readonly ai: AiCounter = { sndCwndCnt: 0 };
  private sk: CcSock | null = null;
  private inRecovery = false;

  init(sk: CcSock): void {
    this.sk = sk;
    this.ai.sndCwndCnt = 0;
    this.inRecovery = false;
  }

  onAck(sk: CcSock, ackedPkts: number, _rs: RateSample, inRecovery: boolean): void {
    this.inRecovery = inRecovery;
    // tcp_cong_control(): PRR (done by the sender) replaces cong_avoid in recovery.
    if (inRecovery) return;
    // tcp_reno_cong_avoid()
    if (!sk.isCwndLimited) return;
    let acked = ackedPkts;
    if (tcpInSlowStart(sk)) {
      acked = tcpSlowStart(sk, acked);
      if (acked <= 0) return;
    }
    tcpCongAvoidAi(sk, this.ai, sk.snd_cwnd, acked);
  }

  /** tcp_reno_ssthresh(): halve, but keep at least 2 packets. */
  ssthresh(sk: CcSock): number {
    this.ai.sndCwndCnt = 0;
    this.inRecovery = true;
    return Math.max(Math.floor(sk.snd_cwnd / 2), 2);
  }

  onRto(_sk: CcSock): void {
    this.ai.sndCwndCnt = 0;
    this.inRecovery = false;
  }

  onRecoveryExit(_sk: CcSock): void {
    this.inRecovery = false;
  }

  stateLabel(): string {
    return lossBasedLabel(this.sk, this.inRecovery);
  }
}
