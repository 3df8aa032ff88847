import { describe, expect, it } from 'vitest';
import { NS_PER_MS } from '../engine/time';
import { buildModel } from '../run';
import { findPreset } from './presets/index';
import { applyOverrides } from './validate';

/** Runs `preset` with `set`, measuring from 1 s to `ms`; the summary and its bound. */
function run(preset: string, set: Record<string, string>, ms: number) {
  const m = buildModel(applyOverrides(findPreset(preset)!.scenario(), set), 1, true);
  m.sim.runUntil(1000 * NS_PER_MS);
  m.beginMeasurement(m.sim.nowNs);
  m.sim.runUntil(ms * NS_PER_MS);
  return m.summary();
}

function rateIn(text: string): number {
  const r = /≈ ([\d.]+) (Mbit|Gbit)\/s$/.exec(text);
  if (!r) throw new Error(`no rate in "${text}"`);
  return Number(r[1]) * (r[2] === 'Gbit' ? 1e9 : 1e6);
}

describe('what bounds throughput', () => {
  // Little's law: bytes held below TCP ÷ the time they wait is the rate the
  // sender achieves, so the TSQ explanation's figure is the goodput (not a
  // ceiling above or below it, as the limit and a median completion gave).
  for (const [preset, set, ms] of [
    ['ath9k-pacing-shift', { 'tcp.sk_pacing_shift': '10' }, 3000],
    ['ath9k-pacing-shift', { 'tcp.sk_pacing_shift': '8' }, 3000],
    ['brcmfmac-fc-mode', { 'wifi.brcmfmac.fcMode': '1' }, 3000],
    ['xen-tsq-limit', { 'tcp.tcp_limit_output_bytes': '131072' }, 1300],
  ] as const)
    it(`${preset} ${JSON.stringify(set)}: TSQ-bound, at the rate achieved`, () => {
      const s = run(preset, set, ms);
      expect(s.bound).toMatch(
        /^TSQ-bound: .* of payload below TCP on average \(sk_wmem_alloc .* against a limit of .*\)/,
      );
      expect(rateIn(s.bound) / s.goodputBps).toBeGreaterThan(0.95);
      expect(rateIn(s.bound) / s.goodputBps).toBeLessThan(1.1);
    });

  it('a 1 Gbit/s wired host with TSQ raised out of the way is not TSQ-bound', () => {
    const s = run('first-tsq', { 'tcp.tcp_limit_output_bytes': '67108864' }, 2000);
    expect(s.bound).not.toMatch(/^TSQ-bound/);
  });

  it('a saturated link bounds the flow even while TSQ throttles it (3.6: 128 KB below TCP at 100 Mbit/s)', () => {
    const s = run('first-tsq', { 'link.rateBps': '100M' }, 4500); // its warm-up ends at 3 s
    expect(s.throttledFraction).toBeGreaterThan(0.25);
    expect(s.bound).toMatch(/^link-bound: 100\.0 Mbit\/s link busy (9[7-9]|100) %$/);
  });

  it('several flows: the TSQ figure is their total, at the total rate achieved', () => {
    const s = run('xen-tsq-limit', { 'tcp.tcp_limit_output_bytes': '131072', 'tcp.flows': '2' }, 1300);
    expect(s.bound).toMatch(
      /^TSQ-bound: .* of payload below TCP on average, 2 flows together \(sk_wmem_alloc .* in total/,
    );
    expect(rateIn(s.bound) / s.goodputBps).toBeGreaterThan(0.9);
    expect(rateIn(s.bound) / s.goodputBps).toBeLessThan(1.15);
  });

  it('several flows through one saturated bottleneck: link-bound, shared by all of them', () => {
    const s = run('bench-wired', { 'tcp.flows': '4' }, 2500);
    expect(s.bound).toMatch(/^link-bound: 100\.0 Mbit\/s link busy \d+ %, shared by 4 flows$/);
  });

  it('BBR without GSO or fq, before the patch: one hrtimer per skb, with the pacing rate named as such', () => {
    const s = run('gso-always-on', { 'qdisc.kind': 'pfifo_fast', 'link.sg': 'false', era: '4.16' }, 1200);
    expect(s.bound).toMatch(/^pacing-bound: one hrtimer per skb, at a pacing rate of [\d.]+ (Mbit|Gbit)\/s$/);
  });

  it('paced in an EDT kernel: departure stamps and the hrtimer waking TCP, not one hrtimer per skb', () => {
    // SO_MAX_PACING_RATE at 20 Mbit/s, below the 100 Mbit/s bottleneck: TCP paces itself (no fq).
    const s = run('bench-wired', { 'tcp.maxPacingRateBps': '20000000', era: '6.6' }, 1200);
    expect(s.bound).toMatch(
      /^pacing-bound: EDT, each skb stamped with its departure time \(tcp_wstamp_ns\) and the pacing hrtimer waking TCP for the next, at a pacing rate of [\d.]+ (Mbit|Gbit)\/s$/,
    );
  });
});

describe('what bounds throughput when nothing gets through', () => {
  it('every frame lost: no "per RTT of 0 µs", but that no ACK came back', () => {
    const sc = findPreset('bench-wifi')!.scenario();
    const set: Record<string, string> = { durationMs: '500', warmupMs: '100' };
    sc.wifi!.stations.forEach((_, i) => (set[`wifi.stations.${i}.frameErrorRate`] = '1'));
    const m = buildModel(applyOverrides(sc, set), 1, false);
    m.sim.runUntil(500 * NS_PER_MS);
    const s = m.summary();
    expect(s.goodputBps).toBe(0);
    expect(s.bound).not.toMatch(/RTT of 0/);
    expect(s.bound).toMatch(/^no ACK has come back: \d+ packets? of cwnd sent and none acknowledged/);
  });
});
