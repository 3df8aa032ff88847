/**
 * "What bounds throughput now", computed from the model's state: the CPU, a
 * saturated link, the TSQ budget against TX-completion time, the link,
 * pacing timers or cwnd. With several flows it speaks of their total.
 */
import type { Summary } from '../api';
import type { Model } from './model';

const fmtRate = (bps: number): string =>
  bps >= 1e9 ? `${(bps / 1e9).toFixed(2)} Gbit/s` : `${(bps / 1e6).toFixed(1)} Mbit/s`;
const fmtBytes = (b: number): string =>
  b >= 1 << 20 ? `${(b / (1 << 20)).toFixed(1)} MB` : `${(b / 1024).toFixed(1)} KB`;
const fmtTime = (us: number): string => (us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(0)} µs`);

/**
 * A link busy this share of the measured time is saturated: its queue
 * hardly ever empties, so the link sets the rate whatever TSQ holds back.
 */
const SATURATED = 0.97;

const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

function linkBound(m: Model, util: number[], i: number): string {
  const nic = m.bottlenecks[i];
  const n = m.senders.length;
  const flows = n > 1 ? `, shared by ${n} flows` : '';
  return `link-bound: ${fmtRate(nic.cfg.rateBps)} link busy ${(util[i] * 100).toFixed(0)} %${flows}`;
}

/**
 * How TCP paces itself in the scenario's kernel: 4.13–4.19 arm the pacing
 * hrtimer after every skb for its length at the rate (tcp_internal_pacing);
 * from 4.20 (EDT) each skb leaves stamped with its departure time
 * (tcp_wstamp_ns) and the hrtimer only wakes tcp_write_xmit when the next
 * stamp is still ahead (tcp_pacing_check).
 */
function pacingMechanism(m: Model): string {
  return m.kernel.pacing === 'edt'
    ? 'EDT, each skb stamped with its departure time (tcp_wstamp_ns) and the pacing hrtimer waking TCP for the next'
    : 'one hrtimer per skb';
}

/** A shaper passes what its rate allows; near that rate it, not the link below, sets the pace. */
function shaperBound(m: Model, atLeast: number): string | null {
  for (const sh of m.shapers) {
    const util = m.sim.nowNs > 0 ? (sh.qdisc.stats.sentBytes * 8 * 1e9) / m.sim.nowNs / sh.rateBps : 0;
    if (util > atLeast)
      return `shaper-bound: ${sh.label} at ${sh.where === 'router' ? 'the router' : 'the sender'} shapes to ${fmtRate(sh.rateBps)}`;
  }
  return null;
}

/** Little's law over every flow: payload TSQ lets wait below TCP ÷ how long it waits to be freed. */
function tsqBound(m: Model): string | null {
  const n = m.senders.length;
  const held = n > 1 ? m.tsqTotalMeans() : m.tsqMeans();
  const done = m.recorder.completionNs;
  if (held === null || done.count === 0 || done.sum <= 0) return null;
  // sk_wmem_alloc counts truesize: convert to payload with the ratio of the skbs in use.
  let payloadOut = 0;
  let truesizeOut = 0;
  for (const s of m.senders) {
    payloadOut += s.payloadOut;
    truesizeOut += s.truesizeOut;
  }
  const payload = held.wmemBytes * (truesizeOut > 0 ? payloadOut / truesizeOut : 1);
  const meanUs = done.sum / done.count / 1000;
  const rate = (payload * 8) / (meanUs * 1e-6);
  const below =
    n > 1
      ? `of payload below TCP on average, ${n} flows together (sk_wmem_alloc ${fmtBytes(held.wmemBytes)} in total against limits of ${fmtBytes(held.limitBytes)} in total)`
      : `of payload below TCP on average (sk_wmem_alloc ${fmtBytes(held.wmemBytes)} against a limit of ${fmtBytes(held.limitBytes)})`;
  return `TSQ-bound: ${fmtBytes(payload)} ${below} ÷ ${fmtTime(meanUs)} mean TX completion ≈ ${fmtRate(rate)}`;
}

export function boundExplanation(m: Model, s: Summary): string {
  const s0 = m.senders[0];
  if (!s0 || s.simulatedNs === 0) return 'not started';
  if (s.cpuBusy > 0.93)
    return `CPU-bound: the sender core is busy ${(s.cpuBusy * 100).toFixed(0)} % of the time`;
  const util = m.bottleneckUtilization();
  const busiest = util.reduce((b, u, i) => (u > util[b] ? i : b), 0);
  if (util.length > 0 && util[busiest] > SATURATED) return linkBound(m, util, busiest);
  const shaped = shaperBound(m, SATURATED);
  if (shaped) return shaped;
  const n = m.senders.length;
  const throttled = n > 1 ? mean(m.throttledFractions()) : s.throttledFraction;
  if (throttled > 0.25) {
    const tsq = tsqBound(m);
    if (tsq) return tsq;
  }
  const nearShaper = shaperBound(m, 0.9);
  if (nearShaper) return nearShaper;
  if (util.length > 0 && util[busiest] > 0.9) return linkBound(m, util, busiest);
  if (m.airtimeBusy() > 0.9)
    return `airtime-bound: the channel is busy ${(m.airtimeBusy() * 100).toFixed(0)} %`;
  let timers = 0;
  let skbs = 0;
  for (const t of m.senders) {
    timers += t.timerFires;
    skbs += t.skbsSent;
  }
  if (timers > skbs * 0.5) {
    const rates = m.senders.reduce((a, t) => a + t.pacingRateBps(), 0);
    const at =
      n > 1
        ? `at pacing rates of ${fmtRate(rates)} in total over ${n} flows`
        : `at a pacing rate of ${fmtRate(s0.pacingRateBps())}`;
    return `pacing-bound: ${pacingMechanism(m)}, ${at}`;
  }
  // Without a single ACK (every frame lost) there is no RTT to speak of, and no "per RTT".
  if (s0.srttNs <= 0)
    return `no ACK has come back: ${s0.snd_cwnd} packet${s0.snd_cwnd === 1 ? '' : 's'} of cwnd sent and none acknowledged, so no RTT is measured (every segment or its ACK lost?)`;
  // The receiver's window (tcp_snd_wnd_test failed, or tcp_tso_should_defer waited for it).
  const rwnd = m.senders.filter((t) => t.sndWnd.limited);
  if (n === 1 && s0.sndWnd.limited)
    return `receive-window-bound: the receiver advertises ${fmtBytes(s0.sndWnd.wnd)} per RTT of ${fmtTime(s0.srttNs / 1000)}`;
  if (n > 1 && rwnd.length * 2 > n) {
    const wnd = rwnd.reduce((a, t) => a + t.sndWnd.wnd, 0);
    return `receive-window-bound: ${rwnd.length} of ${n} flows, their receivers advertise ${fmtBytes(wnd)} in total`;
  }
  const limited = m.senders.filter((t) => t.isCwndLimited);
  if (n === 1 && s0.isCwndLimited)
    return `cwnd-bound: ${s0.snd_cwnd} packets per RTT of ${fmtTime(s0.srttNs / 1000)}`;
  if (n > 1 && limited.length * 2 > n) {
    const cwnd = limited.reduce((a, t) => a + t.snd_cwnd, 0);
    const srttUs = mean(limited.map((t) => t.srttNs / 1000));
    return `cwnd-bound: ${limited.length} of ${n} flows, ${cwnd} packets in total per RTT (mean ${fmtTime(srttUs)})`;
  }
  const thr =
    n > 1
      ? `the flows are throttled ${(throttled * 100).toFixed(0)} % of the time on average`
      : `throttled ${(throttled * 100).toFixed(0)} % of the time`;
  return `${thr}; goodput ${fmtRate(s.goodputBps)}${n > 1 ? ' in total' : ''}`;
}
