/**
 * <tsq-lab lesson="why-tsq" step="2">: the element (and the iframe page,
 * whose query it reads) shows one lesson step — the same player as the Learn
 * view — with a link to the whole lesson in the app. Fields set with `set` or
 * in the query apply on top of the step's own, as in a Learn link.
 */
import { decodeShareState, noticeText, shown, type ShareNotice } from '../app/share/url-state';
import { findLesson, LESSONS } from '../sim/lessons/index';
import { learnSearch } from '../app/learn/learn-url';
import type { PlayerOptions } from '../app/learn/lesson-player';
import { queryOfAttributes } from './element-attrs';
import { el as make } from './el';

export const LESSON_ATTRS = ['lesson', 'step', 'present'] as const;

export function lessonOfElement(
  el: Pick<Element, 'getAttribute'>,
  appUrl: string,
): { options: PlayerOptions; notices: ShareNotice[] } | null {
  const query = queryOfAttributes(el);
  const q = new URLSearchParams(query);
  const id = el.getAttribute('lesson') ?? q.get('lesson');
  if (id === null) return null;
  const notices: ShareNotice[] = [];
  let lesson = findLesson(id);
  if (!lesson) {
    notices.push({
      field: 'lesson',
      value: shown(id),
      reason: `is not a lesson; they are ${LESSONS.map((l) => l.id).join(', ')}`,
    });
    lesson = LESSONS[0];
  }
  const stepText = el.getAttribute('step') ?? q.get('step') ?? '1';
  // As the Learn view reads it (learn-url.ts): a step number as written, or a step id.
  const n = /^\d{1,3}$/.test(stepText) ? Number(stepText) : NaN;
  const byId = lesson.steps.findIndex((s) => s.id === stepText);
  let stepIndex = n >= 1 && n <= lesson.steps.length ? n - 1 : byId;
  if (stepIndex < 0) {
    notices.push({
      field: 'step',
      value: shown(stepText),
      reason: `expected 1 to ${lesson.steps.length} or a step id`,
    });
    stepIndex = 0;
  }
  const { state, notices: more } = decodeShareState(query);
  const extra = state.set;
  const present = (el.getAttribute('present') ?? q.get('present')) === '1';
  const l = lesson;
  return {
    notices: [...notices, ...more],
    options: {
      lesson: l,
      stepIndex,
      extra,
      present,
      single: true,
      stepUrl: (i, p) => {
        const u = new URL(appUrl);
        u.search = learnSearch(l.id, i, p, extra);
        return u.toString();
      },
    },
  };
}

/**
 * What the element's attributes or the page's query named that could not be
 * used (a lesson or step that does not exist, a field that is no parameter),
 * in a box of its own above the lesson: the player's own notice line shows
 * its run's errors and is cleared with each state.
 */
export function lessonNoticeBox(notices: readonly ShareNotice[]): HTMLElement | null {
  if (!notices.length) return null;
  const box = make('div', 'notice link-notices');
  box.setAttribute('role', 'status');
  box.dataset.testid = 'link-notices';
  const ul = make('ul');
  for (const n of notices) ul.append(make('li', undefined, noticeText(n)));
  box.append(make('span', undefined, 'Not used:'), ul);
  return box;
}
