/**
 * The five real Flent files (test/fixtures/flent, from Flent's own test data)
 * read as Flent 2.1.1 reads them: the series `flent -i FILE -f csv` lists,
 * their length and values, and the statistics `-f summary` prints
 * (expected.json, written by scripts/flent-expectations.ts from Flent itself).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readFlent } from './read';
import { flentSummary } from './stats';

interface Expected {
  csv: {
    test: string;
    seriesCount: number;
    length: number;
    samples: { series: string; values: [number, number][] }[];
  };
  summary: Record<string, [string, string, string]>;
}
const dir = 'test/fixtures/flent';
const expected = JSON.parse(readFileSync(`${dir}/expected.json`, 'utf8')) as Record<string, Expected>;
const read = (f: string) => readFlent(new Uint8Array(readFileSync(`${dir}/${f}`)));

const FILES: [string, number][] = [
  ['test-rrul.flent.gz', 3],
  ['test-rrul_be-socket_stats.flent.gz', 4],
  ['test-rtt-fair.flent.gz', 2],
  ['test-tcp_1up_noping-cpu_stats.flent.gz', 4],
  ['test-tcp_nup.flent.gz', 3],
];

describe.each(FILES)('%s (data-file version %i)', (file, version) => {
  const run = read(file);
  const exp = expected[file];

  it('has the test, version, series and length Flent lists', () => {
    expect(run.version).toBe(version);
    expect(run.name).toBe(exp.csv.test);
    expect(run.series).toHaveLength(exp.csv.seriesCount);
    for (const s of run.series) expect(s.values).toHaveLength(run.xS.length);
    expect(run.xS.length).toBe(exp.csv.length);
  });

  it('has the values of flent -f csv', () => {
    for (const { series, values } of exp.csv.samples) {
      const s = run.series.find((x) => x.name === series)!;
      expect(s, series).toBeDefined();
      for (const [i, v] of values) expect(s.values[i]).toBeCloseTo(v, 9);
    }
  });

  it('gives every series the mean, median and 99th percentile of flent -f summary', () => {
    const ours = flentSummary(run);
    expect(ours.map((s) => s.name).sort()).toEqual(Object.keys(exp.summary).sort());
    const shown = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : 'N/A');
    for (const s of ours)
      expect([shown(s.mean), shown(s.median), shown(s.pct99)], s.name).toEqual(exp.summary[s.name]);
  });
});

describe('what the reader makes of the series', () => {
  it('names flows, hosts and kinds as the tests do', () => {
    const fair = read('test-rtt-fair.flent.gz');
    const be1 = fair.series.find((s) => s.name === 'TCP upload BE1 testserv-01')!;
    expect([be1.kind, be1.direction, be1.host, be1.computed]).toEqual([
      'throughput',
      'upload',
      'testserv-01',
      false,
    ]);
    expect(fair.series.find((s) => s.name === 'TCP upload sum')!.computed).toBe(true);
    expect(fair.series.filter((s) => s.kind === 'ping' && !s.computed)).toHaveLength(4);
    const nup = read('test-tcp_nup.flent.gz');
    const cwnd = nup.series.find((s) => s.name === 'TCP upload::7::tcp_cwnd')!;
    expect([cwnd.kind, cwnd.flow, cwnd.units]).toEqual(['tcp_cwnd', '7', 'packets']);
    expect(nup.testParameters.upload_streams).toBe('50');
  });

  it('reads socket stats from the flow’s raw values (version 4) and dates in local time (version 2)', () => {
    const ss = read('test-rrul_be-socket_stats.flent.gz');
    const rtt = ss.series.find((s) => s.name === 'TCP upload BE2::tcp_rtt')!;
    expect(rtt.raw.length).toBeGreaterThan(900);
    expect(rtt.raw[0].value).toBeCloseTo(24.903, 6);
    // T0 "2015-07-13T03:37:18.489086" is local time two hours east of the raw samples' UTC.
    const fair = read('test-rtt-fair.flent.gz');
    expect(fair.t0Ms).toBeCloseTo(1436751438489.086, 2);
    expect(fair.series[0].raw[0].tS).toBeCloseTo(0, 6);
    expect(fair.kernelRelease).toBe('4.1.0-v4.1-12265-g14fe22e+');
    expect(fair.hosts).toEqual(['testserv-01', 'testserv-02', 'testserv-03', 'testserv-04']);
  });

  it('converts the UDP_RR raw values of a version 3 file to ms, as Flent does', () => {
    const rrul = read('test-rrul.flent.gz');
    const udp = rrul.series.find((s) => s.name === 'Ping (ms) UDP BE1')!;
    expect(udp.raw[0].value).toBeCloseTo(1000 / 94.53, 6);
  });
});
