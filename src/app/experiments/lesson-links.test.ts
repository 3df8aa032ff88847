/** The Experiments view's links from a free-play scene to its lessons are the lessons' own. */
import { describe, expect, it } from 'vitest';
import { LESSONS } from '../../sim/lessons/index';
import { learnSearch } from '../learn/learn-url';
import { lessonHref, PRESET_LESSONS } from './lesson-links';
import { FREE_PLAY_PRESETS } from './table-model';

describe('lesson links of free-play presets', () => {
  it('name every lesson that runs a free-play preset, with its title, in the lessons’ order', () => {
    const want: Record<string, { lessonId: string; title: string }[]> = {};
    for (const p of FREE_PLAY_PRESETS)
      for (const l of LESSONS)
        if (l.steps.some((s) => s.setup.preset === p.id))
          (want[p.id] ??= []).push({ lessonId: l.id, title: l.title });
    expect(PRESET_LESSONS).toEqual(want);
  });

  it('open the Learn view at the lesson’s first step, as a lesson link does', () => {
    expect(lessonHref('udp-flood')).toBe(learnSearch('udp-flood', 0, false));
  });
});
