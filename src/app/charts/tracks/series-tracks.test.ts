import { describe, expect, it } from 'vitest';
import type { SeriesSpec } from '../../../worker/protocol';
import { categoryColor, seriesColor, type ChartTheme } from '../chart-theme';
import { ColumnRing } from '../column-ring';
import type { SeriesBuffers } from '../series-buffer';
import { SOCKET_STRIP_PX, occupancyMax, occupancyTrack, smallMultiplesTrack } from './series-tracks';
import { recordingCtx } from './recording-ctx';
import { SOCKET_UNSENT } from '../../../sim/scenario/host-probes';
import type { DrawCtx } from './track';

const THEME = { fg: '#111', grid: '#ddd' } as ChartTheme;
const spec = (key: string, label: string, unit: string): SeriesSpec => ({ key, label, unit, panel: 'tcp' });

const LOCAL = [
  spec('tcp.cwnd', 'cwnd', 'pkts'),
  spec('tcp.pacing', 'pacing rate', 'bit/s'),
  spec('tcp.srtt', 'srtt', 'ms'),
];
const AP = ['fast 1', 'fast 2', 'slow']
  .flatMap((n, i) => [spec(`tcp.cwnd.sta${i + 1}`, `cwnd ${n}`, 'pkts')])
  .concat(['fast 1', 'fast 2', 'slow'].map((n, i) => spec(`tcp.srtt.sta${i + 1}`, `srtt ${n}`, 'ms')));

/** Draws `specs` over four rows where series k holds k + 1 (the last 100), and returns the axes and the colours stroked. */
function draw(specs: SeriesSpec[], hidden: string[] = []) {
  const ring = new ColumnRing(['t', ...specs.map((s) => s.key)], 16);
  ring.pushRows(
    [
      Float64Array.from([0, 1, 2, 3]),
      ...specs.map((_, k) => new Float64Array(4).fill(k === specs.length - 1 ? 100 : k + 1)),
    ],
    4,
  );
  const { ctx, strokes } = recordingCtx();
  const t = smallMultiplesTrack('tcp', specs, THEME);
  const axes = t.draw({
    ctx,
    widthPx: 100,
    heightPx: t.heightPx,
    x: (v: number) => v,
    t0Ns: 0,
    t1Ns: 4,
    fromNs: 0,
    buf: { samples: ring } as unknown as SeriesBuffers,
    theme: THEME,
    hidden: new Set(hidden),
  } as DrawCtx);
  return { t, axes, strokes };
}

describe('the TCP panel’s bands', () => {
  it('a local sender: one band per quantity, each named by its series', () => {
    const { t, axes } = draw(LOCAL);
    expect(t.heightPx).toBe(3 * 72);
    expect(axes.map((a) => [a.label, a.unit])).toEqual([
      ['cwnd', 'pkts'],
      ['pacing rate', 'bit/s'],
      ['srtt', 'ms'],
    ]);
  });

  it('an AP: each station’s flow shares its quantity’s band and scale, in its station’s colour', () => {
    const { t, axes, strokes } = draw(AP);
    expect(t.heightPx).toBe(2 * 72);
    expect(axes.map((a) => a.label)).toEqual(['pkts', 'ms']);
    // One scale per band, spanning its largest member (cwnd: 1..3, srtt: 4, 5, 100).
    expect(axes[0].scale.domain()[1]).toBeGreaterThanOrEqual(3);
    expect(axes[1].scale.domain()[1]).toBeGreaterThanOrEqual(100);
    const colours = [0, 1, 2].map(categoryColor);
    expect(strokes).toEqual([...colours, ...colours]);
    expect(t.legend.map((l) => l.color)).toEqual([...colours, ...colours]);
  });

  it('a station switched off is neither drawn nor scaled to', () => {
    const { axes, strokes } = draw(AP, ['tcp.srtt.sta3']);
    expect(strokes).toHaveLength(5);
    expect(axes[1].scale.domain()[1]).toBeLessThan(100);
  });
});

describe('series colours', () => {
  it('a station’s series take its points’ colour; keyed defaults and the palette otherwise', () => {
    expect(seriesColor('tput.sta2', 0, THEME)).toBe(categoryColor(1));
    expect(seriesColor('tcp.cwnd.sta3', 0, THEME)).toBe(categoryColor(2));
    expect(seriesColor('tput.total', 4, THEME)).toBe('#111');
    expect(seriesColor('tcp.cwnd', 4, THEME)).toBe('#4e79a7');
    expect(seriesColor('x.other', 1, THEME)).toBe(categoryColor(1));
  });
});

describe('the occupancy panel’s scale', () => {
  const OCC: SeriesSpec[] = [
    SOCKET_UNSENT,
    { key: 'occ.qdisc', label: 'qdisc', unit: 'B', panel: 'occupancy', stackOrder: 1 },
    { key: 'occ.ring', label: 'NIC ring', unit: 'B', panel: 'occupancy', stackOrder: 2 },
    { key: 'tsq.limit', label: 'TSQ limit', unit: 'B', panel: 'occupancy', overlay: true, role: 'limit' },
  ];
  /**
   * Draws 100 + 50 bytes queued below the socket, `socketBytes` unsent and the limit over `rows` rows
   * (dense when more than the 100 px width), TSQ throttled all along; returns the y scale, the fills in
   * order and the rectangles.
   */
  function draw(limitBytes: number, socketBytes = 0, rows = 2, logY = false) {
    const ring = new ColumnRing(['t', ...OCC.map((s) => s.key)], 1024);
    const t = Float64Array.from({ length: rows }, (_, i) => i);
    ring.pushRows(
      [
        t,
        new Float64Array(rows).fill(socketBytes),
        new Float64Array(rows).fill(100),
        new Float64Array(rows).fill(50),
        new Float64Array(rows).fill(limitBytes),
      ],
      rows,
    );
    const throttled = new ColumnRing(['t', 'end'], 4);
    throttled.pushRows([Float64Array.from([0]), Float64Array.from([rows])], 1);
    const { ctx, fills, rects } = recordingCtx();
    const track = occupancyTrack(OCC, THEME);
    const axes = track.draw({
      ctx,
      widthPx: 100,
      heightPx: 170,
      x: (v: number) => (v / rows) * 100,
      t0Ns: 0,
      t1Ns: rows,
      fromNs: 0,
      buf: { samples: ring, throttled } as unknown as SeriesBuffers,
      theme: { ...THEME, throttle: 'rgba(225, 87, 89, 0.16)' },
      hidden: new Set<string>(),
      logY,
    } as DrawCtx);
    const colour = (key: string) => track.legend.find((l) => l.key === key)!.color;
    // The socket's strip's axis first, then the queues'.
    const main = axes[axes.length - 1];
    return { y: main.scale, main, strip: axes[0], top: main.scale.domain()[1], fills, rects, colour };
  }

  it('spans a limit near the queues', () => {
    expect(draw(400).top).toBeGreaterThanOrEqual(400);
  });

  it('does not flatten the queues under a limit raised far above them', () => {
    expect(draw(64 * 1024 * 1024).top).toBeLessThan(300);
    expect(occupancyMax(150, 64e6)).toBe(150);
    expect(occupancyMax(150, 600)).toBe(600);
    expect(occupancyMax(0, 600)).toBe(600);
  });

  it('draws the socket’s unsent data in a strip along the top on its own scale; the queues keep the plot', () => {
    const big = draw(200, 4 * 1024 * 1024, 400);
    expect(big.top).toBeLessThan(300);
    expect(big.strip.scale.domain()[1]).toBeGreaterThanOrEqual(4 * 1024 * 1024);
    const socket = big.rects.filter((r) => r.style === big.colour('occ.sock_unsent'));
    const queues = big.rects.filter((r) =>
      [big.colour('occ.qdisc'), big.colour('occ.ring')].includes(r.style),
    );
    expect(socket.length).toBeGreaterThan(0);
    for (const r of socket) expect(r.y + r.h).toBeLessThanOrEqual(SOCKET_STRIP_PX);
    for (const r of queues) expect(r.y).toBeGreaterThan(SOCKET_STRIP_PX);
    // A small backlog does not set the queues' scale either.
    expect(draw(200, 300).top).toBeLessThan(300);
  });

  it('never hides a queue layer: throttling is a strip under the axis', () => {
    const d = draw(200, 300, 400);
    const zeroY = Math.round(d.y(0));
    const strip = d.rects.filter((r) => r.style === d.colour('tsq.throttled'));
    const queues = d.rects.filter((r) => [d.colour('occ.qdisc'), d.colour('occ.ring')].includes(r.style));
    expect(strip.length).toBeGreaterThan(0);
    expect(queues.length).toBeGreaterThan(0);
    // The strip lies under the zero line, where no layer is drawn.
    for (const r of strip) expect(r.y).toBeGreaterThanOrEqual(zeroY);
    for (const r of queues) expect(r.y + r.h).toBeLessThanOrEqual(zeroY);
  });

  it('offers a log scale: the queues over four decades below their largest value', () => {
    const d = draw(200, 300, 400, true);
    expect(d.main.log).toBe(true);
    const [lo, hi] = d.y.domain();
    expect(lo).toBeGreaterThan(0);
    expect(hi / lo).toBeGreaterThanOrEqual(1e3);
  });
});
