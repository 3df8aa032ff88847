/**
 * Which settings a restarted worker gets: the ones in force, unless the
 * failure came so soon after a change that the change is the likely cause;
 * then the last settings that ran without failing (frames kept coming for
 * GOOD_AFTER_MS), and the notice names the change that was not applied again.
 */
import type { ParamValue, ScheduledChange } from '../../worker/protocol';

/** Settings that ran this long after the last change count as good. */
export const GOOD_AFTER_MS = 2000;

export interface RunSettings {
  presetId: string;
  /** The overrides the run started from. */
  overrides: Record<string, ParamValue>;
  seed: number;
  /** Its knob changes during the run, replayed by the restarted worker. */
  changes?: ScheduledChange[];
}

const same = (a: RunSettings, b: RunSettings): boolean => JSON.stringify(a) === JSON.stringify(b);

export function restoreTarget(
  current: RunSettings,
  good: RunSettings | null,
  msSinceChange: number,
): { target: RunSettings; detail: string } {
  if (good && msSinceChange < GOOD_AFTER_MS && !same(good, current)) {
    const keys = Object.keys({ ...current.overrides, ...good.overrides }).filter(
      (k) => current.overrides[k] !== good.overrides[k],
    );
    // Knobs moved during the run since the good settings: the changes the current run has beyond them.
    const moved = [...new Set((current.changes ?? []).slice(good.changes?.length ?? 0).map((c) => c.key))];
    const what = keys.length
      ? keys.join(', ')
      : moved.length
        ? moved.join(', ')
        : current.presetId !== good.presetId
          ? 'the preset'
          : 'the seed';
    return {
      target: good,
      detail: `it failed right after your change (${what}), so the settings from before it run again`,
    };
  }
  const n = Object.keys(current.overrides).length;
  const m = current.changes?.length ?? 0;
  return {
    target: current,
    detail: `${current.presetId}, seed ${current.seed}${n ? `, ${n} changed parameter${n === 1 ? '' : 's'}` : ''}${m ? `, ${m} knob change${m === 1 ? '' : 's'} during the run replayed` : ''}`,
  };
}
