import { describe, expect, it } from 'vitest';
import { findPreset } from '../../sim/scenario/presets/index';
import { cellViews, runsOfCell, tableItems } from './table-model';
import { done } from './test-summaries';

const xen = findPreset('xen-tsq-limit')!;
const cellOf = (presetId: string, label: string) =>
  findPreset(presetId)!.table!.cells.find((c) => c.label === label)!;
const runIds = (presetId: string) => findPreset(presetId)!.table!.runs.map((r) => r.id);

describe('runsOfCell', () => {
  it('finds the runs a cell reads', () => {
    expect(runsOfCell(cellOf('xen-tsq-limit', 'regression/131072'), runIds('xen-tsq-limit'))).toEqual([
      'xen/131072',
      'nic/131072',
    ]);
    // The thread averaged 5 netperf runs: the cell reads the five seeds' runs of its shift.
    expect(runsOfCell(cellOf('ath9k-pacing-shift', 'ping/shift8'), runIds('ath9k-pacing-shift'))).toEqual([
      'shift8',
      'shift8#2',
      'shift8#3',
      'shift8#4',
      'shift8#5',
    ]);
    expect(
      runsOfCell(
        cellOf('ath9k-intermediate-queues', 'aggregate/mac80211_txq/slow'),
        runIds('ath9k-intermediate-queues'),
      ),
    ).toEqual(['mac80211_txq']);
  });

  it('falls back to every run when a cell cannot be probed', () => {
    const cell = {
      ...cellOf('xen-tsq-limit', 'regression/131072'),
      simulated: () => {
        throw new Error('x');
      },
    };
    expect(runsOfCell(cell, ['a', 'b'])).toEqual(['a', 'b']);
  });
});

describe('tableItems', () => {
  it('makes one job per table run', () => {
    const items = tableItems(xen, 7, 500);
    expect(items.map((i) => i.key)).toEqual(runIds('xen-tsq-limit'));
    expect(items[0].spec).toEqual({
      presetId: 'xen-tsq-limit',
      tableRunId: 'xen/131072',
      overrides: {},
      seed: 7,
      durationMs: 500,
    });
  });
});

describe('cellViews', () => {
  it('fills a cell once all its runs are done, with error and tolerance', () => {
    const pending = cellViews(xen, { 'xen/131072': done({ goodputBps: 7e9 }) });
    expect(pending[0].state).toBe('pending');
    const views = cellViews(xen, {
      'xen/131072': done({ goodputBps: 7e9 }),
      'nic/131072': done({ goodputBps: 10e9 }),
      'xen/262144': done({ goodputBps: 5e9 }),
      'nic/262144': done({ goodputBps: 10e9 }),
    });
    expect(views[0]).toMatchObject({
      label: 'regression/131072',
      state: 'filled',
      within: true,
      toleranceText: '±4 %',
    });
    expect(views[0].simulated).toBeCloseTo(30);
    expect(views[0].errorPct).toBeCloseTo(0);
    expect(views[1].simulated).toBeCloseTo(50);
    expect(views[1].within).toBe(false);
    expect(views[1].errorPct).toBeCloseTo(525);
  });

  it('marks a cell failed when one of its runs failed or was cancelled', () => {
    const views = cellViews(xen, {
      'xen/131072': { status: 'error', jobId: 1, error: 'boom' },
      'nic/262144': { status: 'cancelled', jobId: 2 },
    });
    expect(views.map((v) => [v.state, v.error])).toEqual([
      ['failed', 'boom'],
      ['failed', 'cancelled'],
    ]);
  });

  it('shows a NaN result as filled and out of tolerance', () => {
    const p = findPreset('ath9k-pacing-shift')!;
    const runs = ['shift8', 'shift8#2', 'shift8#3', 'shift8#4', 'shift8#5'];
    const views = cellViews(p, Object.fromEntries(runs.map((id) => [id, done({ medianLatencyMs: NaN })])));
    const ping = views.find((v) => v.label === 'ping/shift8')!;
    expect(ping.state).toBe('filled');
    expect(ping.within).toBe(false);
  });
});
