import { describe, expect, it } from 'vitest';
import { station, summary } from './experiments/test-summaries';
import { formatBps } from './format';
import { metricLabel, metricsFor, metricText, SUMMARY_METRICS, summaryMetric } from './summary-metrics';

describe('metricLabel', () => {
  const labels = (s: ReturnType<typeof summary> | null) =>
    Object.fromEntries(SUMMARY_METRICS.map((m) => [m.key, metricLabel(m, s)]));

  it('a local sender with one station, or no summary yet: the plain labels', () => {
    const plain = Object.fromEntries(SUMMARY_METRICS.map((m) => [m.key, m.label]));
    expect(labels(null)).toEqual(plain);
    expect(labels(summary({ stations: [station('sta')] }))).toEqual(plain);
  });

  it('an AP: medians pool the stations, the TSQ metrics are the wired sender’s', () => {
    const l = labels(summary({ forwarded: true, stations: [station('a'), station('b')] }));
    expect(l.median_latency_ms).toBe('Median latency, all stations');
    expect(l.median_aggregate).toBe('Median aggregate, all stations');
    expect(l.tsq_limit_bytes).toBe('Mean TSQ limit, wired sender');
    expect(l.median_completion_us).toBe('Median TX completion, wired sender');
    expect(l.throttled_fraction).toBe('Time throttled, wired sender');
    expect([l.goodput_bps, l.cpu_busy, l.drops]).toEqual(['Goodput', 'CPU busy', 'Drops']);
  });

  it('finds metrics by key and names a key it does not know', () => {
    expect(summaryMetric('drops').get(summary({ drops: 7 }))).toBe(7);
    expect(() => summaryMetric('nope')).toThrow(/nope/);
  });
});

describe('the UDP metrics', () => {
  it('apply to runs with a UDP probe or a UDP flow, and read the first one', () => {
    const probe = { rttMs: { median: 20.4 } } as NonNullable<ReturnType<typeof summary>['udpProbes']>[number];
    const flow = { lossFraction: 0.35 } as NonNullable<ReturnType<typeof summary>['udp']>[number];
    const rtt = summaryMetric('udp_probe_rtt_ms');
    const loss = summaryMetric('udp_loss_fraction');
    expect([rtt.only!(summary({})), loss.only!(summary({}))]).toEqual([false, false]);
    expect(metricsFor(summary({})).some((m) => m.key.startsWith('udp'))).toBe(false);
    const s = summary({ udpProbes: [probe], udp: [flow] });
    expect(metricsFor(s).map((m) => m.key)).toEqual(
      expect.arrayContaining(['udp_probe_rtt_ms', 'udp_loss_fraction']),
    );
    expect([rtt.get(s), loss.get(s)]).toEqual([20.4, 0.35]);
    expect(metricText(loss, s)).toBe('35 %');
  });
});

describe('metricText', () => {
  it('shows each headline value as the strip and the embedded figure do', () => {
    const s = summary({
      goodputBps: 2.5e7,
      medianLatencyMs: 12.34,
      cpuBusy: NaN,
      drops: 530,
      throttledFraction: 0.25,
    });
    const text = (k: string) => metricText(summaryMetric(k), s);
    expect(text('goodput_bps')).toBe(formatBps(2.5e7));
    expect(text('median_latency_ms')).toBe('12.3 ms');
    expect(text('cpu_busy')).toBe('not modelled');
    expect(text('drops')).toBe('530');
    expect(text('throttled_fraction')).toBe('25 %');
    expect(metricText(summaryMetric('median_aggregate'), summary({ medianAggregate: NaN }))).toBe('–');
  });
});
