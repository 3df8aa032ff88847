import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChartScheduler, DrawBudget, FRAME_BUDGET_PLOTS, type RenderState } from './scheduler';
import { SeriesBuffers } from './series-buffer';
import { viewStore } from '../state/view-store';
import { testFrame } from '../../worker/frame.fixture';

/** requestAnimationFrame by hand: each flush() runs one animation frame. */
let queued: FrameRequestCallback[] = [];
const flush = () => {
  const q = queued;
  queued = [];
  q.forEach((f) => f(0));
};

beforeEach(() => {
  queued = [];
  globalThis.requestAnimationFrame = (f: FrameRequestCallback) => queued.push(f);
  globalThis.cancelAnimationFrame = () => {};
});
afterEach(() => {
  delete (globalThis as Partial<typeof globalThis>).requestAnimationFrame;
  delete (globalThis as Partial<typeof globalThis>).cancelAnimationFrame;
});

describe('DrawBudget', () => {
  it('always lets the first drawing through, then only what fits', () => {
    const b = new DrawBudget(1);
    expect(b.take(3)).toBe(true);
    expect(b.take(0.1)).toBe(false);
    const c = new DrawBudget(2);
    expect(c.take(0.5)).toBe(true);
    expect(c.take(1.5)).toBe(true);
    expect(c.take(0.01)).toBe(false);
  });

  it('stops once the frame spent its script time, whatever plots are left', () => {
    let now = 100;
    const b = new DrawBudget(10, 8, () => now);
    now = 107;
    expect(b.take(1)).toBe(true);
    expect(b.take(1)).toBe(true);
    now = 108.5;
    expect(b.take(0.1)).toBe(false);
    // The first drawing of a frame goes through even when the frame started late.
    const late = new DrawBudget(10, 8, () => now);
    now = 200;
    expect(late.take(1)).toBe(true);
    expect(late.take(0.01)).toBe(false);
  });
});

describe('ChartScheduler', () => {
  it('spreads full redraws over frames, deferred renderers first, every one drawn in the end', () => {
    const sch = new ChartScheduler(new SeriesBuffers(), viewStore);
    const drawn: number[][] = [];
    let frame: number[] = [];
    // Six tracks that each want a whole-plot redraw once.
    const done = new Set<number>();
    for (let i = 0; i < 6; i++)
      sch.add((s: RenderState) => {
        if (done.has(i)) return;
        if (!s.budget.take(1)) return false;
        done.add(i);
        frame.push(i);
      });
    for (let k = 0; k < 10 && queued.length; k++) {
      frame = [];
      flush();
      if (frame.length) drawn.push(frame);
    }
    expect(drawn.map((f) => f.length)).toEqual(Array(6 / FRAME_BUDGET_PLOTS).fill(FRAME_BUDGET_PLOTS));
    expect(drawn.flat().sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(queued.length).toBe(0);
    sch.dispose();
  });

  it('draws every chart in the first frame that shows a knob change, past the budget', () => {
    const buf = new SeriesBuffers();
    buf.reset(1, []);
    const sch = new ChartScheduler(buf, viewStore);
    const tracks = 3 * FRAME_BUDGET_PLOTS;
    let drawnNow = 0;
    // Each track redraws whole for each new buffers version.
    for (let i = 0; i < tracks; i++) {
      let shown = -1;
      sch.add((s: RenderState) => {
        if (s.version === shown) return;
        if (!s.budget.take(1)) return false;
        shown = s.version;
        drawnNow++;
      });
    }
    const frameOf = (): number => {
      drawnNow = 0;
      flush();
      return drawnNow;
    };
    for (let k = 0; k < 10 && queued.length; k++) frameOf();
    const change = { tNs: 3, key: 'tcp.sk_pacing_shift', from: 10, to: 8 };
    buf.push(testFrame([3], {}, { changes: [change] }), 1);
    expect(frameOf()).toBe(tracks);
    // Frames without a new change keep to the budget.
    buf.push(testFrame([4]), 1);
    expect(frameOf()).toBe(FRAME_BUDGET_PLOTS);
    sch.dispose();
  });

  it('logs a paint for a version only once every renderer has shown it', async () => {
    const buf = new SeriesBuffers();
    const sch = new ChartScheduler(buf, viewStore);
    sch.trackPaints();
    let allowB = false;
    sch.add(() => {});
    sch.add((s) => (allowB || s.version === 0 ? undefined : false));
    flush();
    const v = buf.version;
    buf.reset(1, []);
    flush();
    await new Promise((r) => setTimeout(r, 10));
    expect(sch.paintOf(v + 1)).toBeNull();
    allowB = true;
    flush();
    await new Promise((r) => setTimeout(r, 10));
    expect(sch.paintOf(v + 1)).not.toBeNull();
    sch.dispose();
  });
});
