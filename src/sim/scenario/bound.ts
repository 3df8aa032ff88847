/**
 * "What bounds throughput now", computed from the model's state: the CPU, the
 * TSQ budget against TX-completion time, the link, pacing timers or cwnd.
 */
import type { Summary } from '../api';
import type { Model } from './model';

const fmtRate = (bps: number): string =>
  bps >= 1e9 ? `${(bps / 1e9).toFixed(2)} Gbit/s` : `${(bps / 1e6).toFixed(1)} Mbit/s`;
const fmtBytes = (b: number): string =>
  b >= 1 << 20 ? `${(b / (1 << 20)).toFixed(1)} MB` : `${(b / 1024).toFixed(1)} KB`;
const fmtTime = (us: number): string => (us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(0)} µs`);

export function boundExplanation(m: Model, s: Summary): string {
  const s0 = m.senders[0];
  if (!s0 || s.simulatedNs === 0) return 'not started';
  if (s.cpuBusy > 0.93)
    return `CPU-bound: the sender core is busy ${(s.cpuBusy * 100).toFixed(0)} % of the time`;
  const held = m.tsqMeans();
  const done = m.recorder.completionNs;
  if (s.throttledFraction > 0.25 && held !== null && done.count > 0 && done.sum > 0) {
    // Little's law: the rate is what TSQ lets wait below TCP ÷ how long it waits
    // to be freed, both as time averages; sk_wmem_alloc counts truesize, so
    // convert it to payload with the ratio of the skbs in use.
    const payload = held.wmemBytes * s0.payloadPerTruesize();
    const meanUs = done.sum / done.count / 1000;
    const rate = (payload * 8) / (meanUs * 1e-6);
    return `TSQ-bound: ${fmtBytes(payload)} of payload below TCP on average (sk_wmem_alloc ${fmtBytes(held.wmemBytes)} against a limit of ${fmtBytes(held.limitBytes)}) ÷ ${fmtTime(meanUs)} mean TX completion ≈ ${fmtRate(rate)}`;
  }
  for (const nic of m.bottlenecks) {
    const util = m.sim.nowNs > 0 ? nic.busyNs / m.sim.nowNs : 0;
    if (util > 0.9) return `link-bound: ${fmtRate(nic.cfg.rateBps)} link busy ${(util * 100).toFixed(0)} %`;
  }
  if (m.airtimeBusy() > 0.9)
    return `airtime-bound: the channel is busy ${(m.airtimeBusy() * 100).toFixed(0)} %`;
  if (s0.timerFires > s0.skbsSent * 0.5)
    return `pacing-bound: one hrtimer per skb, at a pacing rate of ${fmtRate(s0.pacingRateBps())}`;
  // The receiver's window (tcp_snd_wnd_test failed, or tcp_tso_should_defer waited for it).
  if (s0.sndWnd.limited)
    return `receive-window-bound: the receiver advertises ${fmtBytes(s0.sndWnd.wnd)} per RTT of ${fmtTime(s0.srttNs / 1000)}`;
  if (s0.isCwndLimited) return `cwnd-bound: ${s0.snd_cwnd} packets per RTT of ${fmtTime(s0.srttNs / 1000)}`;
  return `throttled ${(s.throttledFraction * 100).toFixed(0)} % of the time; goodput ${fmtRate(s.goodputBps)}`;
}
