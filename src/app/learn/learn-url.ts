/**
 * A lesson step as a link: ?view=learn&lesson=<id>&step=<n>[&present=1]
 * (or a lesson's teacher's page: &teacher=1)
 * plus any scenario field (as --set reads it) applied on top of the step's
 * own, e.g. &link.rateBps=100M. Reading never throws: what cannot be used is
 * named in a notice.
 */
import { isPath, shown, type ShareNotice } from '../share/url-state';
import { findLesson, LESSONS } from '../../sim/lessons/index';
import type { Lesson } from '../../sim/lessons/format';

/** Query keys of the Learn view and of the explorer's links (the rest of a learn link is fields). */
export const LEARN_KEYS = [
  'view',
  'lesson',
  'step',
  'present',
  'teacher',
  'v',
  'exp',
  'preset',
  'seed',
  'speed',
  'panels',
  'zoom',
  'controls',
  'theme',
] as const;

/** Fields a learn link may set, and the names that are no parameter it names one by one. */
const MAX_FIELDS = 64;
const MAX_NAMED_BAD = 3;

export interface LearnLink {
  lesson: Lesson;
  /** 0-based. */
  stepIndex: number;
  present: boolean;
  /** The lesson's teacher's page instead of its player. */
  teacher: boolean;
  extra: Record<string, string>;
  notices: ShareNotice[];
}

export function readLearnLink(search: string): LearnLink {
  const q = new URLSearchParams(search);
  const notices: ShareNotice[] = [];
  const id = q.get('lesson');
  let lesson = id ? findLesson(id) : LESSONS[0];
  if (!lesson) {
    notices.push({
      field: 'lesson',
      value: shown(id ?? ''),
      reason: `is not a lesson; they are ${LESSONS.map((l) => l.id).join(', ')}`,
    });
    lesson = LESSONS[0];
  }
  const stepText = q.get('step');
  let stepIndex = 0;
  if (stepText !== null) {
    const n = /^\d{1,3}$/.test(stepText) ? Number(stepText) : NaN;
    const byId = lesson.steps.findIndex((s) => s.id === stepText);
    if (n >= 1 && n <= lesson.steps.length) stepIndex = n - 1;
    else if (byId >= 0) stepIndex = byId;
    else
      notices.push({
        field: 'step',
        value: shown(stepText),
        reason: `expected 1 to ${lesson.steps.length} or a step id`,
      });
  }
  const extra: Record<string, string> = {};
  // Bounded as share links are (url-state.ts): a hostile link of 50,000 names costs a few notices.
  let fields = 0;
  let bad = 0;
  for (const [k, v] of q) {
    if ((LEARN_KEYS as readonly string[]).includes(k)) continue;
    if (++fields > MAX_FIELDS) {
      notices.push({ field: 'link', reason: `has more than ${MAX_FIELDS} fields; the rest were ignored` });
      break;
    }
    if (isPath(k)) extra[k] = v.trim();
    else if (++bad <= MAX_NAMED_BAD)
      notices.push({ field: shown(k), value: shown(v), reason: 'is not a parameter name' });
  }
  if (bad > MAX_NAMED_BAD)
    notices.push({
      field: 'link',
      reason: `has ${bad - MAX_NAMED_BAD} more names that are not parameters; they were ignored`,
    });
  return {
    lesson,
    stepIndex,
    present: q.get('present') === '1',
    teacher: q.get('teacher') === '1',
    extra,
    notices,
  };
}

export function learnSearch(
  lessonId: string,
  stepIndex: number,
  present: boolean,
  extra: Record<string, string> = {},
): string {
  const q = new URLSearchParams({ view: 'learn', lesson: lessonId, step: String(stepIndex + 1) });
  if (present) q.set('present', '1');
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  return `?${q.toString()}`;
}
