import { describe, expect, it } from 'vitest';
import type { ParamSpec } from '../../worker/protocol';
import { done, station } from '../experiments/test-summaries';
import {
  defaultValues,
  parseValues,
  METRICS,
  seedsFrom,
  statOf,
  sweepItems,
  sweepMetrics,
  sweepPoints,
  type SweepAxis,
  type SweepSetup,
} from './sweep-model';
import { roundedCell, toCsv, toJson } from './sweep-export';

const spec = (p: Partial<ParamSpec>): ParamSpec => ({
  key: 'k',
  label: 'K',
  layer: 'tcp',
  kind: 'int',
  help: '',
  kernelFile: '',
  live: true,
  ...p,
});

describe('values', () => {
  it('parses lists with binary suffixes for bytes and checks the range', () => {
    const bytes = spec({ key: 'tcp.tcp_limit_output_bytes', unit: 'B', min: 1024, max: 1 << 24 });
    expect(parseValues('128K, 256K 1M', bytes)).toEqual({ values: [131072, 262144, 1048576], error: null });
    expect(parseValues('10k', spec({ kind: 'float' })).values).toEqual([10000]);
    // As --set reads them: rates decimal, Ki/Mi binary anywhere.
    expect(parseValues('100M 1G 2Gi', spec({ key: 'link.rateBps', kind: 'float' })).values).toEqual([
      1e8,
      1e9,
      2 * 1024 ** 3,
    ]);
    expect(parseValues('64Ki', bytes).values).toEqual([65536]);
    expect(parseValues('1K', bytes).error).toBeNull();
    expect(parseValues('512', bytes).error).toMatch(/below the minimum/);
    expect(parseValues('1.5', spec({})).error).toMatch(/whole numbers/);
    expect(parseValues('ten', spec({})).error).toMatch(/not a number/);
    expect(parseValues(' ', spec({})).error).toMatch(/at least one/);
  });

  it('proposes the ticks, or values spread over the range', () => {
    expect(defaultValues(spec({ ticks: [1, 2, 4] }))).toEqual([1, 2, 4]);
    expect(defaultValues(spec({ min: 6, max: 10 }))).toEqual([6, 7, 8, 9, 10]);
    expect(defaultValues(spec({ kind: 'float', min: 1, max: 10000, scale: 'log' }))).toEqual([
      1, 10, 100, 1000, 10000,
    ]);
  });
});

const axis = (key: string, values: number[]): SweepAxis => ({
  key,
  label: key,
  unit: '',
  values,
  log: false,
});

describe('sweep jobs and exports', () => {
  const setup: SweepSetup = {
    presetId: 'p',
    base: { 'tcp.cc': 'cubic' },
    x: axis('tcp.sk_pacing_shift', [10, 8]),
    y: null,
    seeds: [3],
    durationMs: 500,
    fullMs: 500,
  };

  it('makes one job per value on top of the base values, and per seed and pair of values', () => {
    expect(sweepItems(setup)[1]).toEqual({
      key: '8||3',
      spec: {
        presetId: 'p',
        overrides: { 'tcp.cc': 'cubic', 'tcp.sk_pacing_shift': 8 },
        seed: 3,
        durationMs: 500,
      },
    });
    const grid = {
      ...setup,
      y: axis('tcp.tcp_limit_output_bytes', [131072, 262144]),
      seeds: seedsFrom(1, 3),
    };
    const items = sweepItems(grid);
    expect(items).toHaveLength(2 * 2 * 3);
    expect(items[4]).toEqual({
      key: '10|262144|2',
      spec: {
        presetId: 'p',
        overrides: { 'tcp.cc': 'cubic', 'tcp.sk_pacing_shift': 10, 'tcp.tcp_limit_output_bytes': 262144 },
        seed: 2,
        durationMs: 500,
      },
    });
  });

  it('exports finished points as CSV and JSON, rounded to each measure’s precision, empty where there is no value', () => {
    const points = sweepPoints(setup, {
      '10||3': done({
        goodputBps: 4e7 + 0.30000000000000004,
        medianLatencyMs: 0.1 + 0.2,
        bound: 'TSQ-bound: a, b',
      }),
      '8||3': { status: 'cancelled', jobId: 2 },
    });
    expect(points.map((r) => r.x)).toEqual([10]);
    const csv = toCsv(setup, points).trim().split('\n');
    expect(csv[0]).toBe(
      'tcp.sk_pacing_shift,seeds,goodput_bps,median_latency_ms,median_aggregate,tsq_limit_bytes,median_completion_us,throttled_fraction,cpu_busy,drops,bound',
    );
    expect(csv[1]).toBe('10,1,40000000,0.3,10,131072,100,0.5,0.5,0,"TSQ-bound: a, b"');
    const nan = toCsv(setup, sweepPoints(setup, { '10||3': done({ medianLatencyMs: NaN, cpuBusy: NaN }) }));
    expect(nan).not.toContain('NaN');
    expect(nan.split('\n')[1]).toBe('10,1,100000000,,10,131072,100,0.5,,0,link-bound');
    const json = JSON.parse(toJson(setup, sweepPoints(setup, { '10||3': done({ medianLatencyMs: NaN }) })));
    expect(json.points[0].runs[0].summary.medianLatencyMs).toBeNull();
    expect(json.x).toBe('tcp.sk_pacing_shift');
    expect(json.comparable).toBe(true);
    expect(roundedCell(-0.00001, 3)).toBe('0');
    expect(roundedCell(2.5e-7, 4)).toBe('0');
  });

  it('reports each point’s median over its seeds and their spread, in the CSV too', () => {
    const s = { ...setup, x: axis('tcp.sk_pacing_shift', [10]), seeds: [1, 2, 3] };
    const points = sweepPoints(s, {
      '10||1': done({ goodputBps: 3e7 }),
      '10||2': done({ goodputBps: 5e7 }),
      '10||3': done({ goodputBps: 4e7 }),
    });
    const goodput = METRICS[0];
    expect(statOf(goodput, points[0])).toEqual({ median: 4e7, min: 3e7, max: 5e7, n: 3 });
    const csv = toCsv(s, points).trim().split('\n');
    expect(csv[0]).toMatch(/^tcp\.sk_pacing_shift,seeds,goodput_bps,goodput_bps_min,goodput_bps_max,/);
    expect(csv[1]).toMatch(/^10,3,40000000,30000000,50000000,/);
    // An even count: the mean of the middle two.
    const two = sweepPoints(
      { ...s, seeds: [1, 2] },
      { '10||1': done({ goodputBps: 3e7 }), '10||2': done({ goodputBps: 5e7 }) },
    );
    expect(statOf(goodput, two[0]).median).toBe(4e7);
  });

  it('with several stations, adds each one’s goodput, median ping and airtime to the metrics and the CSV', () => {
    const sta = (name: string, goodputBps: number, airtimeShare: number) =>
      station(name, { goodputBps, airtimeShare });
    const points = sweepPoints(setup, {
      '10||3': done({ stations: [sta('fast 1', 2e7, 0.25), sta('slow', 2e6, 0.75)] }),
    });
    const metrics = sweepMetrics(points);
    expect(metrics.slice(0, METRICS.length).map((m) => m.key)).toEqual(METRICS.map((m) => m.key));
    expect(metrics.slice(METRICS.length).map((m) => [m.key, m.get(points[0].runs[0].summary)])).toEqual([
      ['station.fast 1.goodput_bps', 2e7],
      ['station.fast 1.median_ping_ms', 20],
      ['station.fast 1.airtime_share', 0.25],
      ['station.slow.goodput_bps', 2e6],
      ['station.slow.median_ping_ms', 20],
      ['station.slow.airtime_share', 0.75],
    ]);
    const csv = toCsv(setup, points).trim().split('\n');
    expect(csv[0]).toMatch(/,drops,station\.fast 1\.goodput_bps,.*,station\.slow\.airtime_share,bound$/);
    expect(csv[1]).toMatch(/,20000000,20,0\.25,2000000,20,0\.75,link-bound$/);
    expect(
      sweepMetrics(sweepPoints(setup, { '10||3': done({ stations: [sta('only', 1e7, 1)] }) })).map(
        (m) => m.key,
      ),
    ).toEqual(METRICS.map((m) => m.key));
  });

  it('labels what the medians pool and whose sender metrics they are, keeping the keys', () => {
    const stations = ['fast 1', 'slow'].map((name) => station(name));
    const label = (forwarded: boolean, n: number) =>
      Object.fromEntries(
        sweepMetrics(sweepPoints(setup, { '10||3': done({ forwarded, stations: stations.slice(0, n) }) }))
          .slice(0, METRICS.length)
          .map((m) => [m.key, m.label]),
      );
    const ap = label(true, 2);
    expect(ap.median_aggregate).toBe('Median aggregate, all stations');
    expect(ap.tsq_limit_bytes).toBe('Mean TSQ limit, wired sender');
    expect(label(false, 1)).toEqual(Object.fromEntries(METRICS.map((m) => [m.key, m.label])));
  });
});
