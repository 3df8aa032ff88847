import { describe, expect, it } from 'vitest';
import { findPreset } from '../../sim/scenario/presets/index';
import { chartTitle, tableCharts, yMax } from './table-chart';
import { cellViews } from './table-model';
import { done } from './test-summaries';

const charts = (id: string, results = {}) => {
  const p = findPreset(id)!;
  return tableCharts(p, cellViews(p, results));
};

describe('tableCharts', () => {
  it('draws the shift sweep as lines against sk_pacing_shift, one chart per unit', () => {
    // Each cell is the mean of its shift's five seeds: all five of shift 10 are done.
    const shift10 = ['shift10', 'shift10#2', 'shift10#3', 'shift10#4', 'shift10#5'];
    const [tput, ping] = charts(
      'ath9k-pacing-shift',
      Object.fromEntries(shift10.map((id) => [id, done({ goodputBps: 40e6 })])),
    );
    expect(tput).toMatchObject({
      unit: 'Mbit/s',
      kind: 'line',
      xs: ['10', '9', '8', '7'],
      xLabel: 'sk_pacing_shift',
    });
    expect(tput.series.map((s) => s.name)).toEqual(['throughput']);
    expect(tput.series[0].points[0]).toMatchObject({ x: '10', published: 43.21, simulated: 40 });
    expect(Number.isNaN(tput.series[0].points[1].simulated)).toBe(true);
    expect(chartTitle(tput)).toBe('throughput (Mbit/s) vs sk_pacing_shift');
    expect(ping).toMatchObject({ unit: 'ms', kind: 'line', xs: ['10', '8'] });
    expect(yMax(tput)).toBeCloseTo(128.31 * 1.12);
  });

  it('draws qdisc × sg as grouped bars and station classes per unit', () => {
    const [gso] = charts('gso-always-on');
    expect(gso.kind).toBe('bars');
    expect(gso.series.map((s) => s.points.length)).toEqual([3, 3, 3]);
    const [ping, agg] = charts('ath9k-intermediate-queues');
    expect(ping).toMatchObject({ unit: 'ms', kind: 'bars', xs: ['ping fast', 'ping slow'] });
    expect(agg).toMatchObject({ unit: 'pkts', xs: ['aggregate fast', 'aggregate slow'] });
    expect(chartTitle(ping)).toBe('ping (ms)');
    expect(charts('brcmfmac-fc-mode')[0].series.map((s) => s.name)).toEqual([
      'FC mode 0',
      'FC mode 1',
      'FC mode 2',
    ]);
  });
});
