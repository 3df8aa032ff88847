import { describe, expect, it } from 'vitest';
import { categoryColor, type ChartTheme } from '../chart-theme';
import { ColumnRing } from '../column-ring';
import type { SeriesBuffers } from '../series-buffer';
import { aggregatesTrack, latencyTrack } from './point-tracks';
import { recordingCtx } from './recording-ctx';
import type { DrawCtx } from './track';

const THEME = { fg: '#111' } as ChartTheme;

/** Points (t, value, station) in a buffer the way frames fill it. */
function buffers(rows: [number, number, number][]): SeriesBuffers {
  const ring = (names: string[]) => {
    const r = new ColumnRing(names, 64);
    const col = (k: number) => Float64Array.from(rows.map((row) => row[k]));
    r.pushRows([col(0), col(1), col(2)], rows.length);
    return r;
  };
  return { agg: ring(['t', 'n', 'node']), ping: ring(['t', 'ms', 'sta']) } as unknown as SeriesBuffers;
}

const hiddenOf = (keys: string[]) => ({ hidden: new Set(keys) }) as unknown as DrawCtx;

describe('point tracks keyed by station', () => {
  const names = ['fast 1', 'fast 2', 'slow'];
  const buf = buffers([
    [10, 32, 0],
    [20, 2, 2],
    [30, 24, 1],
    [40, 31, 0],
  ]);

  it('several stations: one legend entry each, named and in its points’ colour', () => {
    const t = aggregatesTrack(THEME, names);
    expect(t.legend.map((l) => [l.key, l.label, l.color])).toEqual(
      names.map((n, i) => [`agg.${i}`, n, categoryColor(i)]),
    );
  });

  it('reads each station’s latest point at or before the crosshair', () => {
    const t = aggregatesTrack(THEME, names);
    expect(t.readout(buf, null)).toEqual(['31', '24', '2']);
    expect(t.readout(buf, 30)).toEqual(['32', '24', '2']);
    expect(t.readout(buf, 10)).toEqual(['32', '–', '–']);
    const p = latencyTrack(THEME, names);
    expect(p.readout(buf, null)).toEqual(['31 ms', '24 ms', '2 ms']);
  });

  it('one station or none: a single entry for every point, read without a station', () => {
    for (const single of [[], ['station']]) {
      const t = latencyTrack(THEME, single);
      expect(t.legend.map((l) => l.key)).toEqual(['ping']);
      expect(t.readout(buf, null)).toEqual(['31 ms']);
    }
    expect(aggregatesTrack(THEME).readout(buffers([]), null)).toEqual(['–']);
  });

  it('a station switched off in the legend is skipped when drawing', () => {
    // The CDF beside the latency track draws only the stations left on.
    const { ctx, strokes } = recordingCtx();
    const p = latencyTrack(THEME, names);
    const d = { ...hiddenOf(['ping.0']), buf, t0Ns: 0, t1Ns: 100 } as unknown as DrawCtx;
    p.side!.draw(ctx, 100, 100, d, [{ scale: (v: number) => v } as never]);
    expect(strokes).toEqual([categoryColor(2), categoryColor(1)]);
  });
});
