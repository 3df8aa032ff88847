import { describe, expect, it } from 'vitest';
import { Rng } from '../../../engine/rng';
import { ms, sec } from '../../../engine/time';
import { Bbr, type BbrOptions } from './bbr';
import { Testbed } from './cc-testbed';

// 100 Mbit/s bottleneck, 20 ms base RTT, 1448-byte segments.
const R = 12.5e6;
const RTT = ms(20);
const MSS = 1448;
const GAINS = [1.25, 0.75, 1, 1, 1, 1, 1, 1];

interface Ev {
  t: number;
  mode: string;
  idx: number;
  gain: number;
  cwnd: number;
  pace: number;
  bw: number;
  minRtt: number;
  rounds: number;
  inFlight: number;
  ssthresh: number;
}

function run(
  endNs: number,
  seed = 1,
  opts?: BbrOptions,
  appLimitPkts?: number,
  rttNs = RTT,
): { bbr: Bbr; tb: Testbed; evs: Ev[] } {
  const bbr = new Bbr(new Rng(seed), opts);
  const tb = new Testbed(bbr, { rateBytesPerSec: R, baseRttNs: rttNs, mss: MSS, paced: true, appLimitPkts });
  const evs: Ev[] = [];
  tb.onAckHook = (t) =>
    evs.push({
      t: t.nowNs,
      mode: bbr.mode,
      idx: bbr.cycleIndex,
      gain: bbr.pacingGain,
      cwnd: t.snd_cwnd,
      pace: t.pacingRateBytesPerSec,
      bw: bbr.btlBwBytesPerSec,
      minRtt: bbr.minRttNs,
      rounds: bbr.rounds,
      inFlight: t.inFlight,
      ssthresh: t.snd_ssthresh,
    });
  tb.runUntil(endNs);
  return { bbr, tb, evs };
}

/** [min, max] without spreading big arrays into arguments. */
function extent(xs: number[]): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const x of xs) {
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  return [lo, hi];
}

/** Runs of consecutive events with the same key. */
function phases(evs: Ev[], key: (e: Ev) => string): { key: string; from: number; to: number; evs: Ev[] }[] {
  const out: { key: string; from: number; to: number; evs: Ev[] }[] = [];
  for (const e of evs) {
    const k = key(e);
    const last = out[out.length - 1];
    if (last && last.key === k) {
      last.to = e.t;
      last.evs.push(e);
    } else out.push({ key: k, from: e.t, to: e.t, evs: [e] });
  }
  return out;
}

describe('BBR on a 100 Mbit/s, 20 ms path', () => {
  const { evs } = run(sec(10.5));
  const bdpPkts = (R * (RTT + (MSS * 1e9) / R)) / 1e9 / MSS; // min RTT includes one serialisation

  it('starts in STARTUP with pacing gain 2/ln2 ≈ 2.89 and only raises the pacing rate there', () => {
    const startup = evs.filter((e) => e.mode === 'STARTUP');
    expect(startup.length).toBeGreaterThan(100);
    expect(new Set(startup.map((e) => e.gain))).toEqual(new Set([739 / 256]));
    expect(739 / 256).toBeCloseTo(2.89, 2);
    const drops = startup.filter((e, k) => k > 0 && e.pace < startup[k - 1].pace);
    expect(drops).toEqual([]);
    // pacing = 2.89 · bw · 0.99 once a bw sample exists
    const late = startup[startup.length - 1];
    expect(late.pace / (late.bw * 2.8867 * 0.99)).toBeCloseTo(1, 2);
  });

  it('leaves STARTUP after 3 round starts without 25 % bandwidth growth, with ssthresh = BDP + budget', () => {
    const roundStarts = evs.filter((e, k) => k > 0 && e.rounds > evs[k - 1].rounds);
    let lastGrowth = 0;
    let fullBw = 0;
    for (const e of roundStarts) {
      if (e.mode !== 'STARTUP') break;
      if (e.bw >= fullBw * 1.25) {
        fullBw = e.bw;
        lastGrowth = e.rounds;
      }
    }
    const k = evs.findIndex((e) => e.mode === 'DRAIN');
    const drain = evs[k];
    expect(evs.find((e) => e.rounds === lastGrowth)!.bw).toBeGreaterThan(0.95 * R); // growth stopped at the bottleneck
    expect(drain.rounds).toBe(lastGrowth + 3);
    expect(drain.gain).toBeCloseTo(88 / 256, 5);
    // bbr_check_drain(): ssthresh = bbr_inflight(max_bw, 1.0), from the pacing rate before this ACK.
    const tsoSegs = Math.max(Math.floor(Math.floor(evs[k - 1].pace / 1024) / MSS), 2);
    let expected = Math.ceil((drain.bw / MSS) * (drain.minRtt / 1e9)) + 3 * tsoSegs;
    expected += expected % 2;
    expect(drain.ssthresh).toBe(expected);
  });

  it('enters PROBE_BW and cycles 1.25, 0.75, then 1 ×6, each phase about one min_rtt', () => {
    const modes = phases(evs, (e) => e.mode).map((p) => p.key);
    expect(modes.slice(0, 3)).toEqual(['STARTUP', 'DRAIN', 'PROBE_BW']);
    const bw = evs.filter((e) => e.mode === 'PROBE_BW' && e.t < sec(9.9));
    const ph = phases(bw, (e) => String(e.idx));
    expect(ph.length).toBeGreaterThan(80);
    for (let i = 1; i < ph.length; i++) expect(Number(ph[i].key)).toBe((Number(ph[i - 1].key) + 1) % 8);
    expect(bw.filter((e) => e.gain !== GAINS[e.idx])).toEqual([]);
    const minRtt = bw[bw.length - 1].minRtt;
    for (const p of ph.slice(1, -1)) {
      const len = ph[ph.indexOf(p) + 1].from - p.from;
      if (p.key === '1')
        expect(len).toBeLessThanOrEqual(minRtt + ms(1)); // drain ends by time or early
      else expect(len).toBeGreaterThan(minRtt);
      if (Number(p.key) >= 2) expect(len).toBeLessThan(minRtt + ms(1));
    }
  });

  it('in steady state estimates the bottleneck rate and paces at it (1 % margin)', () => {
    const steady = evs.filter((e) => e.mode === 'PROBE_BW' && e.t > sec(1) && e.gain === 1);
    // After PROBE_RTT the filter restarts from 0.99·R samples until the next 1.25 phase.
    const bwRatios = steady.map((e) => e.bw / R);
    const paceRatios = steady.map((e) => e.pace / R);
    expect(extent(bwRatios)[1]).toBeLessThanOrEqual(1.001);
    expect(extent(bwRatios)[0]).toBeGreaterThan(0.985);
    expect(extent(paceRatios)[1]).toBeLessThan(1.0);
    expect(extent(paceRatios)[0]).toBeGreaterThan(0.975);
    expect(steady[steady.length - 1].pace).toBeCloseTo(R * 0.99, -4);
  });

  it('holds cwnd at 2·BDP plus the 3-skb quantization budget', () => {
    const ph = phases(
      evs.filter((e) => e.mode === 'PROBE_BW' && e.t > sec(1) && e.gain === 1),
      (e) => String(e.idx),
    );
    const diffs: number[] = [];
    for (const p of ph) {
      for (const e of p.evs.slice(10)) {
        const tsoSegs = Math.max(Math.floor(Math.floor(e.pace / 1024) / MSS), 2);
        let expected = Math.ceil(2 * bdpPkts) + 3 * tsoSegs;
        expected += expected % 2;
        diffs.push(e.cwnd - expected);
      }
    }
    expect(diffs.length).toBeGreaterThan(10000);
    expect(extent(diffs)[0]).toBeGreaterThanOrEqual(-4);
    expect(extent(diffs)[1]).toBeLessThanOrEqual(4); // ACK-aggregation headroom is small here
  });

  it('enters PROBE_RTT 10 s after the last min_rtt decrease and holds cwnd 4 for ≥ 200 ms', () => {
    const first = evs[0];
    const probe = phases(evs, (e) => e.mode).find((p) => p.key === 'PROBE_RTT')!;
    expect(probe).toBeDefined();
    expect(probe.from - first.t).toBeGreaterThan(sec(10));
    expect(probe.from - first.t).toBeLessThan(sec(10) + ms(5));
    expect(extent(probe.evs.map((e) => e.cwnd))[1]).toBe(4);
    const next = evs[evs.indexOf(probe.evs[probe.evs.length - 1]) + 1];
    expect(next.mode).toBe('PROBE_BW');
    // ≥ 200 ms counted from when inflight first fell to 4.
    const atFour = probe.evs.find((e) => e.inFlight <= 4)!;
    expect(next.t - atFour.t).toBeGreaterThanOrEqual(ms(200));
    expect(next.t - probe.from).toBeLessThan(ms(300));
    expect(next.cwnd).toBeGreaterThan(300); // prior cwnd restored
  });
});

describe('BBR target arithmetic', () => {
  it('rounds bbr_inflight up to an even packet count', () => {
    // 21 ms: ceil(BDP) = 183, + 3·24 TSO segments = 255, so the rounding shows.
    const evs = run(ms(600), 1, {}, undefined, ms(21)).evs;
    const k = evs.findIndex((e) => e.mode === 'DRAIN');
    const tsoSegs = Math.floor(Math.floor(evs[k - 1].pace / 1024) / MSS);
    const raw = Math.ceil((evs[k].bw / MSS) * (evs[k].minRtt / 1e9)) + 3 * tsoSegs;
    expect(raw % 2).toBe(1);
    expect(evs[k].ssthresh).toBe(raw + 1);
  });
});

describe('BBR era switches', () => {
  it('with "<=" min_rtt (before the Nov 2020 fix) a queue-free flow never enters PROBE_RTT', () => {
    // 100 packets < BDP: no queue, every RTT sample equals min_rtt.
    expect(run(sec(12), 1, {}, 100).evs.some((e) => e.mode === 'PROBE_RTT')).toBe(true);
    expect(run(sec(12), 1, { minRttRefreshOnEqual: true }, 100).evs.some((e) => e.mode === 'PROBE_RTT')).toBe(
      false,
    );
  });

  it('without the pacing margin (v4.16) paces at exactly the estimate in gain-1 phases', () => {
    const { evs } = run(sec(1.5), 1, {
      pacingMarginPercent: 0,
      extraAckedGain: 0,
      probeBwSmallBdpBoost: false,
    });
    const steady = evs.filter((e) => e.mode === 'PROBE_BW' && e.t > sec(1) && e.gain === 1);
    const worst = extent(steady.map((e) => Math.abs(e.pace / e.bw - 1)))[1];
    expect(steady.length).toBeGreaterThan(1000);
    expect(worst).toBeLessThan(1e-5);
  });
});
