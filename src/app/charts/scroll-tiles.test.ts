import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScrollLayer, TILE_COUNT } from './scroll-layer';
import { wholeDevicePx } from './tile-place';
import type { RenderState } from './scheduler';
import type { SeriesBuffers } from './series-buffer';
import type { ChartTheme } from './chart-theme';
import type { DrawCtx, Track } from './tracks/track';

/**
 * A canvas reduced to its device-pixel columns: each holds the label of the
 * last fill that covered it, honouring the transform (scale and x offset) and
 * the clip, which is what the tiles rely on.
 */
class FakeCanvas {
  height = 0;
  cols: (string | null)[] = [];
  private w = 0;
  // fitCanvas sizes the canvas; the columns follow.
  get width() {
    return this.w;
  }
  set width(v: number) {
    this.w = v;
    this.cols = new Array<string | null>(v).fill(null);
  }
  style = { transform: '', width: '' };
  private readonly ctx = new FakeCtx(this);
  getContext() {
    return this.ctx;
  }
  /** CSS px the tile lies right of the plot's left edge (from its transform). */
  leftPx(): number {
    const m = /translateX\((-?[\d.e-]+)px\)/.exec(this.style.transform);
    return m ? Number(m[1]) : 0;
  }
}

class FakeCtx {
  private a = 1;
  private e = 0;
  private clip0 = -Infinity;
  private clip1 = Infinity;
  private pendingRect: [number, number] | null = null;
  private stack: [number, number, number, number][] = [];
  fillStyle = '';
  constructor(private readonly c: FakeCanvas) {}
  setTransform(a: number, _b: number, _c: number, _d: number, e: number) {
    this.a = a;
    this.e = e;
  }
  save() {
    this.stack.push([this.a, this.e, this.clip0, this.clip1]);
  }
  restore() {
    [this.a, this.e, this.clip0, this.clip1] = this.stack.pop()!;
  }
  beginPath() {}
  rect(x: number, _y: number, w: number) {
    this.pendingRect = [x * this.a + this.e, (x + w) * this.a + this.e];
  }
  clip() {
    const [x0, x1] = this.pendingRect!;
    this.clip0 = Math.max(this.clip0, x0);
    this.clip1 = Math.min(this.clip1, x1);
  }
  private span(x: number, w: number, v: string | null) {
    const d0 = Math.max(this.clip0, x * this.a + this.e, 0);
    const d1 = Math.min(this.clip1, (x + w) * this.a + this.e, this.c.width);
    for (let i = Math.round(d0); i < Math.round(d1); i++) this.c.cols[i] = v;
  }
  clearRect(x: number, _y: number, w: number) {
    this.span(x, w, null);
  }
  fillRect(x: number, _y: number, w: number) {
    this.span(x, w, this.fillStyle);
  }
  setLineDash() {}
  moveTo() {}
  lineTo() {}
  stroke() {}
}

/** Nanoseconds per device pixel column. */
const NS_PER_COL = 1000;
let dataNowNs = 0;
let dpr = 1;

/**
 * One fill per NS_PER_COL of data, labelled with its absolute column number, wherever data exists
 * (up to dataNowNs), placed by the DrawCtx's x like the real tracks.
 */
const track = {
  draw(d: DrawCtx) {
    const first = Math.max(
      Math.floor(Math.max(d.fromNs, d.t0Ns) / NS_PER_COL),
      Math.ceil(d.t0Ns / NS_PER_COL),
    );
    for (let k = first; (k + 1) * NS_PER_COL <= Math.min(d.t1Ns, dataNowNs); k++) {
      const x0 = d.x(k * NS_PER_COL);
      d.ctx.fillStyle = String(k);
      d.ctx.fillRect(x0, 0, d.x((k + 1) * NS_PER_COL) - x0, d.heightPx);
    }
    return [];
  },
} as unknown as Track;

const buf = { runId: 1, changes: [] } as unknown as SeriesBuffers;
const budget = { take: () => true } as unknown as RenderState['budget'];

describe('ScrollLayer tiles', () => {
  const g = globalThis as { window?: { devicePixelRatio: number } };
  let saved: unknown;
  beforeAll(() => {
    saved = g.window;
  });
  afterAll(() => {
    g.window = saved as typeof g.window;
  });

  // 413 CSS px at 1.5 is 619.5 device px: the plot is drawn 620 wide and the tiles still meet.
  it.each([
    [1, 200],
    [1.5, 413],
    [2, 200.25],
  ])(
    'at %s device px per CSS px and %s px, scrolling shows what a whole draw of the window would',
    (ratio, cssW) => {
      dpr = ratio;
      g.window = { devicePixelRatio: ratio };
      const w = wholeDevicePx(cssW);
      const cols = Math.round(w * dpr);
      const spanNs = cols * NS_PER_COL;
      const tiles = Array.from({ length: TILE_COUNT }, () => new FakeCanvas());
      const layer = new ScrollLayer(track, buf, {} as ChartTheme, new Set());
      let checked = 0;
      let prevT0 = -Infinity;
      let backwards = 0;
      // Steps of 1 to 150 columns, so tiles are recycled at every phase of a frame.
      for (let f = 0, nowNs = spanNs / 2; f < 400; f++) {
        nowNs += (1 + ((f * 37) % 150)) * NS_PER_COL;
        dataNowNs = nowNs;
        // The window ends at the clock or, sometimes, a little after it.
        const leadNs = (f % 3 === 0 ? (f * 13) % 40 : 0) * NS_PER_COL;
        const s: RenderState = {
          t0Ns: nowNs + leadNs - spanNs,
          t1Ns: nowNs + leadNs,
          nowNs,
          hoverNs: null,
          version: f,
          epoch: 0,
          budget,
        };
        const x = ScrollLayer.scale(s, w);
        expect(layer.draw(tiles as unknown as HTMLCanvasElement[], s, x, w, 10)).not.toBeNull();
        const t0 = x.domain()[0];
        // A window that moved back (its lead shrank more than the clock advanced) is drawn whole.
        if (t0 < prevT0) backwards++;
        prevT0 = t0;
        // What the plot shows: at each device column, the tile lying under it.
        const lefts = tiles.map((t) => t.leftPx() * dpr);
        for (const l of lefts) expect(Math.abs(l - Math.round(l))).toBeLessThan(1e-6);
        for (let c = 0; c < cols; c++) {
          const under = tiles.filter(
            (t, i) => Math.round(lefts[i]) <= c && c < Math.round(lefts[i]) + t.width,
          );
          expect(under.length).toBe(1);
          const shown = under[0].cols[c - Math.round(lefts[tiles.indexOf(under[0])])];
          const colT = t0 + c * NS_PER_COL;
          if (colT + NS_PER_COL <= nowNs) expect(shown).toBe(String(Math.round(colT / NS_PER_COL)));
          else expect(shown).toBeNull();
          checked++;
        }
      }
      expect(checked).toBe(400 * cols);
      // Tiles are as wide as their device pixels (CSS width = canvas width / ratio).
      for (const t of tiles) expect(t.style.width).toBe(`${t.width / dpr}px`);
      // Every other frame scrolled, and the tiles went round many times.
      expect(backwards).toBeGreaterThan(0);
      expect(layer.counts.full).toBe(1 + backwards);
      expect(layer.counts.scrolled).toBe(399 - backwards);
    },
  );
});
