/**
 * Code the browser benchmark runs inside the page (passed to
 * page.evaluate, so each function must be self-contained).
 */
import type {} from '../src/app/test-hook-types';

export interface LongTask {
  start: number;
  duration: number;
}

/**
 * A long animation frame (Long Animation Frames API): from its first task to
 * its paint. `renderMs` is its style, layout and paint; the commit that
 * follows in the same task is not in it.
 */
export interface LongFrame {
  start: number;
  duration: number;
  renderMs: number;
  /** Scripts over 5 ms in the frame: what invoked them (e.g. `MessagePort.onmessage`) and their duration. */
  scripts: { invoker: string; ms: number }[];
}

declare global {
  interface Window {
    __benchLongTasks?: LongTask[];
    __benchLongFrames?: LongFrame[];
  }
}

export const inPage = {
  /**
   * Installed before the app loads: records main-thread tasks over 50 ms.
   * Also defines the `__name` helper that the TypeScript loader adds to
   * named functions, so functions of this file run unchanged in the page.
   */
  init: `
    globalThis.__name = (f) => f;
    window.__benchLongTasks = [];
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__benchLongTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    } catch (e) {
      console.warn('no longtask observer', e);
    }
    window.__benchLongFrames = [];
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          const end = e.startTime + e.duration;
          const layout = e.styleAndLayoutStart > 0 ? e.styleAndLayoutStart : end;
          window.__benchLongFrames.push({
            start: e.startTime,
            duration: e.duration,
            renderMs: end - layout,
            scripts: (e.scripts ?? []).map((sc) => ({ invoker: sc.invokerType + ' ' + sc.invoker, ms: sc.duration })),
          });
        }
      }).observe({ type: 'long-animation-frame', buffered: true });
    } catch (e) {
      console.warn('no long-animation-frame observer', e);
    }
  `,

  /** A live numeric knob with a slider on screen (the pacing shift when there is one). */
  pickSliderKey: (): string | null => {
    const specs = window
      .__tsq!.params()
      .filter((s) => s.live && (s.kind === 'int' || s.kind === 'float') && s.key !== 'era')
      .filter((s) => document.querySelector(`[data-testid="slider-${s.key}"]`));
    return (specs.find((s) => s.key === 'tcp.sk_pacing_shift') ?? specs[0])?.key ?? null;
  },

  /**
   * Moves the slider as a user does (an input event on the range input),
   * then waits for the first frame that carries the change to be drawn and
   * painted (the arrival of the worker's frame is not yet something the user
   * sees). Returns the time from the input to that paint in ms (NaN after
   * timeoutMs).
   */
  moveSliderAndWait: async ({
    key,
    toHigh,
    timeoutMs,
  }: {
    key: string;
    toHigh: boolean;
    timeoutMs: number;
  }): Promise<number> => {
    const hook = window.__tsq!;
    const el = document.querySelector<HTMLInputElement>(`[data-testid="slider-${key}"]`)!;
    const min = Number(el.min);
    const max = Number(el.max);
    let pos = Math.round(min + (max - min) * (toHigh ? 0.7 : 0.3));
    if (String(pos) === el.value) pos = Math.round(min + (max - min) * (toHigh ? 0.3 : 0.7));
    // Let the explorer's live-slider throttle (80 ms between sends) lapse, so this input is sent at once.
    await new Promise((r) => setTimeout(r, 150));
    const before = hook.changes();
    const last = before[before.length - 1];
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const t0 = performance.now();
    setValue.call(el, String(pos));
    el.dispatchEvent(new Event('input', { bubbles: true }));
    return new Promise<number>((resolve) => {
      let version = -1;
      const poll = (): void => {
        if (version < 0) {
          const c = hook.changes();
          if (c.length > 0 && c[c.length - 1] !== last) version = hook.changesVersion();
        }
        const paintedAt = version < 0 ? NaN : hook.paintedAt(version);
        if (paintedAt === paintedAt) resolve(paintedAt - t0);
        else if (performance.now() - t0 > timeoutMs) resolve(NaN);
        else setTimeout(poll, 1);
      };
      poll();
    });
  },

  /** Intervals between painted frames (requestAnimationFrame) over a window of wall time. */
  frameIntervals: (windowMs: number): Promise<number[]> =>
    new Promise((resolve) => {
      const ts: number[] = [];
      const end = performance.now() + windowMs;
      const onFrame = (t: number): void => {
        ts.push(t);
        if (t < end) requestAnimationFrame(onFrame);
        else resolve(ts.slice(1).map((x, i) => x - ts[i]));
      };
      requestAnimationFrame(onFrame);
    }),
};
