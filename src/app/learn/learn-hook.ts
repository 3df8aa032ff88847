/** Installs `window.__tsqLearn` (learn-hook-types.ts) over the Learn view's player, in builds for tests only. */
import type { LessonPlayer } from './lesson-player';
import { TEST_FAULTS } from '../../worker/test-faults';
import type { TsqLearnHook } from './learn-hook-types';

export function installLearnHook(get: () => LessonPlayer | null): void {
  if (!TEST_FAULTS) return;
  const p = () => get();
  const hook: TsqLearnHook = {
    lessonId: () => p()?.ui.root.getAttribute('data-lesson') ?? '',
    stepIndex: () => p()?.index ?? -1,
    stepCount: () => p()?.ui.steps.childElementCount ?? 0,
    state: () => p()?.ctl?.state ?? 'loading',
    error: () => p()?.ctl?.error ?? null,
    marks: () => Object.fromEntries(p()?.ctl?.marks ?? []),
    compare: () => Object.fromEntries(p()?.ctl?.compare ?? []),
    overrides: () => ({ ...(p()?.ctl?.run.overrides ?? {}) }),
    nowNs: () => p()?.rt.buffers.nowNs ?? 0,
    params: () => p()?.rt.params ?? [],
    followed: () => p()?.followed() ?? null,
    path: (id) =>
      (p()?.rt.hops.pathOf(id) ?? []).map((r) => ({ kind: r.kind, site: r.site, seg: r.seg, tNs: r.tNs })),
    sites: () => p()?.rt.hops.sites ?? [],
    tracedSkbs: () => (p()?.rt.hops.skbs() ?? []).map((s) => s.id),
    samples: (key) => {
      const ring = p()?.rt.buffers.samples;
      const c = ring?.col(key) ?? -1;
      const t: number[] = [];
      const v: number[] = [];
      if (ring && c > 0)
        for (let i = 0; i < ring.length; i++) {
          t.push(ring.t(i));
          v.push(ring.get(c, i));
        }
      return { t, v };
    },
  };
  window.__tsqLearn = hook;
}
