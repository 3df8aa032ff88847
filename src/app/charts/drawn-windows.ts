/**
 * The time window each track last drew, per scheduler (kept in memory, not
 * in the DOM, so the live view writes nothing extra per frame): what the
 * end-to-end hook reads to tell that a zoom reached every panel.
 */
import type { Panel } from '../../worker/protocol';
import type { ChartScheduler } from './scheduler';

export interface DrawnWindow {
  t0Ns: number;
  t1Ns: number;
}

const drawn = new WeakMap<ChartScheduler, Map<Panel, DrawnWindow>>();

export function noteDrawn(s: ChartScheduler, panel: Panel, t0Ns: number, t1Ns: number): void {
  let m = drawn.get(s);
  if (!m) drawn.set(s, (m = new Map()));
  const w = m.get(panel);
  if (w) {
    w.t0Ns = t0Ns;
    w.t1Ns = t1Ns;
  } else m.set(panel, { t0Ns, t1Ns });
}

export function forgetDrawn(s: ChartScheduler, panel: Panel): void {
  drawn.get(s)?.delete(panel);
}

export function drawnWindows(s: ChartScheduler): Partial<Record<Panel, DrawnWindow>> {
  return Object.fromEntries(drawn.get(s) ?? []);
}
