import { describe, expect, it } from 'vitest';
import { SeriesBuffers } from '../charts/series-buffer';
import type { Frame, SeriesSpec, Summary } from '../../worker/protocol';
import { csvField, runJson, seriesCsv, summaryCsv } from './data-export';

const f64 = (...v: number[]) => Float64Array.from(v);

function frame(): Frame {
  return {
    nowNs: 3000,
    tNs: f64(1000, 2000, 3000),
    cols: { 'occ.qdisc': f64(10, 20, NaN), 'tput.total': f64(1e9, 2e9, 3e9) },
    aggT: f64(1500),
    aggN: f64(12),
    aggNode: f64(0),
    pingT: f64(),
    pingMs: f64(),
    pingSta: f64(),
    throttled: f64(1000, 1800),
    changes: [{ tNs: 2000, key: 'tcp.sk_pacing_shift', from: 10, to: 8 }],
  };
}

const series: SeriesSpec[] = [
  { key: 'occ.qdisc', label: 'qdisc', unit: 'B', panel: 'occupancy', stackOrder: 1 },
  { key: 'tput.total', label: 'total', unit: 'bit/s', panel: 'throughput' },
];

const summary: Summary = {
  simulatedNs: 3000,
  goodputBps: 2e9,
  medianLatencyMs: NaN,
  medianAggregate: 12,
  tsqLimitBytes: 131072,
  forwarded: false,
  cpuBusy: 0.5,
  medianCompletionUs: 40,
  throttledFraction: 0.2,
  drops: 0,
  flows: [],
  qdiscs: [],
  stations: [
    {
      name: 'sta,1',
      goodputBps: 1e9,
      medianPingMs: 3,
      medianAggregate: 12,
      medianAvgAmpduLen: 11.5,
      airtimeShare: 1,
    },
  ],
  flowShares: [],
  bound: 'TSQ limit',
  events: 99,
};

describe('run data exports', () => {
  const buf = new SeriesBuffers();
  buf.push(frame(), 1);

  it('writes the sampled series as CSV', () => {
    expect(seriesCsv(buf, series)).toBe(
      't_ns,occ.qdisc,tput.total\n1000,10,1000000000\n2000,20,2000000000\n3000,,3000000000\n',
    );
  });

  it('writes the summary as CSV, quoting where needed', () => {
    const csv = summaryCsv(summary).split('\n');
    expect(csv[0]).toBe('metric,unit,value');
    expect(csv).toContain('goodput,bit/s,2000000000');
    expect(csv).toContain('median_latency,ms,');
    expect(csv).toContain('forwarded,,false');
    expect(csv).toContain('"station.sta,1.goodput",bit/s,1000000000');
    expect(csvField('a"b')).toBe('"a""b"');
  });

  it('writes everything as JSON that parses back', () => {
    const doc = JSON.parse(
      runJson(buf, series, summary, { presetId: 'p', seed: 7, set: { 'tcp.cc': 'bbr' } }),
    );
    expect(doc).toMatchObject({
      format: 'tsq-lab/run',
      preset: 'p',
      seed: 7,
      set: { 'tcp.cc': 'bbr' },
      nowNs: 3000,
    });
    expect(doc.samples.t_ns).toEqual([1000, 2000, 3000]);
    expect(doc.samples['occ.qdisc']).toEqual([10, 20, null]);
    expect(doc.aggregates).toEqual({ t_ns: [1500], frames: [12], node: [0] });
    expect(doc.throttled).toEqual({ start_ns: [1000], end_ns: [1800] });
    expect(doc.changes).toHaveLength(1);
    expect(doc.summary.medianLatencyMs).toBeNull();
  });
});
