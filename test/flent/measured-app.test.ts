/** What the explorer draws of a real Flent run, and the medians it sets beside the simulated ones. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readFlent } from '../../src/flent/index';
import type { Summary } from '../../src/worker/protocol';
import { boxStats, cdfPoints, comparedSeries } from '../../src/app/flent/compare-plots';
import { extentIn, MAX_FLOWS_DRAWN, measuredLabel, measuredOverlay } from '../../src/app/flent/measured-data';
import { medianRows } from '../../src/app/flent/side-by-side';

const read = (f: string) => readFlent(new Uint8Array(readFileSync(`test/fixtures/flent/${f}`)));

describe('measuredOverlay', () => {
  it('rtt_fair_up: four hosts’ pings on Latency, their flows and the sum on Throughput, in bit/s', () => {
    const run = read('test-rtt-fair.flent.gz');
    const o = measuredOverlay(run);
    expect(o.label).toBe('measured (Flent, testserv-01, 2015-07-13)');
    expect(o.lines.latency.map((l) => l.series)).toEqual([
      'Ping (ms) ICMP1 testserv-01',
      'Ping (ms) ICMP2 testserv-02',
      'Ping (ms) ICMP3 testserv-03',
      'Ping (ms) ICMP4 testserv-04',
    ]);
    const tput = o.lines.throughput;
    expect(tput.map((l) => l.series)).toContain('TCP upload sum');
    expect(tput.find((l) => l.series === 'TCP upload sum')!.total).toBe(true);
    const be1 = tput.find((l) => l.series === 'TCP upload BE1 testserv-01')!;
    expect(be1.unit).toBe('bit/s');
    expect(be1.median).toBeCloseTo(36.31e6, -4);
    expect(o.lines.tcp).toEqual([]);
    // Times on the simulated clock: the first ping at T0 is at 0 ns.
    expect(o.lines.latency[0].tNs[0]).toBe(0);
    const [lo, hi] = extentIn(o.lines.latency[0], 0, 10e9);
    expect(lo).toBeGreaterThan(9);
    expect(hi).toBeLessThan(11);
  });

  it('socket stats go to the TCP panel; a 50-flow tcp_nup draws at most MAX_FLOWS_DRAWN of each', () => {
    const ss = measuredOverlay(read('test-rrul_be-socket_stats.flent.gz'));
    expect(ss.lines.tcp.some((l) => l.series === 'TCP upload BE2::tcp_cwnd' && l.unit === 'pkts')).toBe(true);
    expect(
      ss.lines.tcp.some((l) => l.series === 'TCP upload BE2::tcp_pacing_rate' && l.unit === 'bit/s'),
    ).toBe(true);
    const nup = measuredOverlay(read('test-tcp_nup.flent.gz'));
    expect(nup.lines.throughput.filter((l) => !l.total)).toHaveLength(MAX_FLOWS_DRAWN);
    expect(nup.lines.tcp.filter((l) => l.series.endsWith('::tcp_cwnd'))).toHaveLength(MAX_FLOWS_DRAWN);
  });

  it('folds the legend: one entry per kind of flow and one per total, flows in flow order', () => {
    const nup = measuredOverlay(read('test-tcp_nup.flent.gz'));
    // Flows 1–12, not 1, 10–19, 2.
    expect(nup.lines.throughput.filter((l) => !l.total)[1].series).toBe('TCP upload::2');
    expect(nup.groups.throughput.map((g) => g.label.split(' — ')[0])).toEqual([
      'TCP upload sum',
      '12 flows: TCP upload::1 … TCP upload::12 (12 of 50 drawn)',
    ]);
    expect(nup.groups.tcp).toHaveLength(2);
    const cwnd = nup.groups.tcp.find((g) => g.unit === 'pkts')!;
    expect(new Set(cwnd.lines.map((l) => l.color)).size).toBe(1);
    const rrul = measuredOverlay(read('test-rrul.flent.gz'));
    const entries = Object.values(rrul.groups).flat().length;
    expect(entries).toBeLessThanOrEqual(8);
    expect(Object.values(rrul.lines).flat().length).toBeGreaterThan(entries);
  });

  it('labels a run by its host and the date of TIME', () => {
    expect(measuredLabel(read('test-tcp_nup.flent.gz'))).toBe('measured (Flent, kau.toke.dk, 2017-02-21)');
  });
});

describe('medians side by side', () => {
  it('pairs the measured ping and flow with the live run’s step medians', () => {
    const run = read('test-tcp_1up_noping-cpu_stats.flent.gz');
    const summary = {
      steps: {
        stepMs: 200,
        totalGoodputMbps: 900,
        flows: [{ station: 0, goodputMbps: 900, cwndPkts: 80, srttMs: 0.3, pacingMbps: 1800 }],
        pingMs: [],
      },
    } as unknown as Summary;
    const rows = medianRows(run, summary);
    const up = rows.find((r) => r.series === 'TCP upload')!;
    expect(up.measured).toBeCloseTo(941.37, 2);
    expect(up.simulated).toBe(900);
    expect(rows.some((r) => r.series.startsWith('cpu_stats'))).toBe(false);
    expect(medianRows(run, null).find((r) => r.series === 'TCP upload')!.simulated).toBeNaN();
  });

  it('pairs by meaning: the sum with the one simulated flow, no flow’s cwnd with it; rows in flow order', () => {
    const run = read('test-tcp_nup.flent.gz');
    const flow = { station: 0, goodputMbps: 900, cwndPkts: 80, srttMs: 0.3, pacingMbps: 1800 };
    const one = { steps: { stepMs: 200, totalGoodputMbps: 900, flows: [flow], pingMs: [] } };
    const rows = medianRows(run, one as unknown as Summary);
    expect(rows.find((r) => r.series === 'TCP upload sum')!.simulated).toBe(900);
    const cwnd1 = rows.find((r) => r.series === 'TCP upload::1::tcp_cwnd')!;
    expect(cwnd1.simulated).toBeNaN();
    expect(cwnd1.why).toMatch(/1 upload flow, the file 50/);
    const flows = rows.filter((r) => /^TCP upload::\d+$/.test(r.series)).map((r) => r.series);
    expect(flows.slice(0, 3)).toEqual(['TCP upload::1', 'TCP upload::2', 'TCP upload::3']);
    // As many flows: the i-th with the i-th, in flow order (flow 10 with the tenth).
    const fifty = Array.from({ length: 50 }, (_, i) => ({ ...flow, cwndPkts: i + 1 }));
    const same = { steps: { stepMs: 200, totalGoodputMbps: 900, flows: fifty, pingMs: [] } };
    const rows50 = medianRows(run, same as unknown as Summary);
    expect(rows50.find((r) => r.series === 'TCP upload::10::tcp_cwnd')!.simulated).toBe(10);
    expect(rows50.find((r) => r.series === 'TCP upload::10::tcp_cwnd')!.why).toBeUndefined();
  });
});

describe('compare plots', () => {
  it('box statistics and CDF as matplotlib and Flent draw them', () => {
    const b = boxStats([1, 2, 3, 4, 100])!;
    expect([b.q1, b.median, b.q3, b.whiskerLo, b.whiskerHi]).toEqual([2, 3, 4, 1, 4]);
    expect(cdfPoints([3, 1, 2])).toEqual([
      [1, 1 / 3],
      [2, 2 / 3],
      [3, 1],
    ]);
    expect(
      cdfPoints(
        Array.from({ length: 1000 }, (_, i) => i),
        100,
      ).length,
    ).toBeLessThanOrEqual(101);
  });

  it('pairs the series two runs both have', () => {
    const a = read('test-rrul_be-socket_stats.flent.gz');
    const b = read('test-rrul.flent.gz');
    const c = comparedSeries(a, b);
    expect(c.find((x) => x.title === 'Ping (ms) ICMP')!.measured.values.length).toBeGreaterThan(1000);
    expect(c.every((x) => x.measured.values.length > 0 && x.simulated.values.length > 0)).toBe(true);
  });
});
