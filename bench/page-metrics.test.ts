import { describe, expect, it } from 'vitest';
import { byPhase, composition, quantiles, withTimeout } from './page-metrics';

describe('quantiles', () => {
  it('takes nearest-rank quantiles of the finite samples and counts the lost ones', () => {
    const xs = [...Array.from({ length: 20 }, (_, i) => 20 - i), NaN, NaN];
    expect(quantiles(xs)).toEqual({ n: 20, lost: 2, p50: 10, p95: 19, max: 20 });
    expect(quantiles([])).toMatchObject({ n: 0, lost: 0, p50: NaN, max: NaN });
  });
});

describe('composition', () => {
  it('averages the frames the tasks started in, and the time each task ran past its frame', () => {
    const frames = [
      { start: 100, duration: 40, renderMs: 10, scripts: [{ invoker: 'MessagePort.onmessage', ms: 20 }] },
      { start: 300, duration: 60, renderMs: 30, scripts: [{ invoker: 'FrameRequestCallback 12', ms: 10 }] },
    ];
    const tasks = [
      { start: 100, duration: 60 }, // 20 ms after its frame's paint
      { start: 310, duration: 40 }, // ends inside its frame
      { start: 900, duration: 70 }, // in no frame: left out
    ];
    const c = composition(tasks, frames);
    expect(c.inFrame).toBe(2);
    expect(c.renderMs).toBe(20);
    expect(c.afterPaintMs).toBe(10);
    expect(c.scriptMs).toBe(15);
    expect(c.scripts).toEqual([
      { invoker: 'MessagePort.onmessage', ms: 10 },
      { invoker: 'FrameRequestCallback #', ms: 5 },
    ]);
  });
});

describe('byPhase', () => {
  it('counts each task in the last phase that began before it', () => {
    const phases = [
      { name: 'real time', at: 100 },
      { name: 'full speed', at: 500 },
    ];
    const tasks = [{ start: 50 }, { start: 100 }, { start: 499 }, { start: 800 }].map((t) => ({
      ...t,
      duration: 60,
    }));
    expect(byPhase(tasks, phases)).toEqual({ 'before the first phase': 1, 'real time': 2, 'full speed': 1 });
  });
});

describe('withTimeout', () => {
  it('passes a value through in time, and names the step that stalls', async () => {
    await expect(withTimeout(Promise.resolve(7), 1000, 'quick')).resolves.toBe(7);
    const never = new Promise<number>(() => {});
    await expect(withTimeout(never, 20, 'slider at full speed')).rejects.toThrow(
      'slider at full speed did not finish within 0.02 s',
    );
  });
});
