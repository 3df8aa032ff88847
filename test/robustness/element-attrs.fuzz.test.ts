/**
 * Fuzzing the <tsq-lab> element's attributes (and the embed page's query,
 * which it reads the same way): oversized `at` and `set` lists, bad lesson
 * and step ids, hostile app-url values, control characters. Reading them
 * never throws; notices stay few and plain whatever the size; a lesson step
 * that opens exists, and a lesson or step that does not is named.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { appUrlOf, queryOfAttributes } from '../../src/embed/element-attrs';
import { lessonOfElement } from '../../src/embed/element-lesson';
import { decodeShareState, noticeText } from '../../src/app/share/url-state';
import { MAX_LINK_CHANGES } from '../../src/app/share/change-codec';
import { findLesson } from '../../src/sim/lessons/index';
import { listPresets } from '../../src/sim/index';
import { controlText } from './hostile-inputs';
import { atEntry, fieldName, lessonId, longList, stepText } from './hostile-links';

const SEED = Number(process.env.TSQ_FC_SEED ?? 97_531) + 50;
let runs = 0;

const plain = (m: string): boolean =>
  m.trim().length > 0 && [...m].every((c) => c === '\n' || c.charCodeAt(0) >= 0x20);

const attrValue = fc.oneof(fc.string({ maxLength: 12 }), controlText(), fc.constantFrom('', 'x'.repeat(400)));
const attributes = fc.record(
  {
    preset: fc.oneof(fc.constantFrom(...listPresets().map((p) => p.id)), attrValue),
    seed: fc.oneof(fc.constantFrom('1', '-1', '1e308', '4294967296'), attrValue),
    speed: attrValue,
    panels: attrValue,
    controls: attrValue,
    theme: fc.oneof(fc.constantFrom('light', 'dark', 'auto'), attrValue),
    zoom: fc.oneof(fc.constantFrom('500ms', '0s', '1e308s'), attrValue),
    set: longList(fc.tuple(fieldName(), fc.constantFrom('8', '', '128K', 'x=y'))).map((l) =>
      l.map(([k, v]) => `${k}=${v}`).join('; '),
    ),
    at: longList(atEntry()).map((l) => l.join('; ')),
    query: fc.oneof(fc.webQueryParameters(), attrValue),
    lesson: lessonId(),
    step: stepText(),
    'app-url': fc.oneof(
      fc.constantFrom(
        'javascript:alert(1)',
        'data:text/html,x',
        'http://[bad',
        '../explorer/',
        'https://x.example/',
      ),
      attrValue,
    ),
  },
  { requiredKeys: [] },
);

const element = (a: Record<string, string>) => ({
  getAttribute: (n: string) => (Object.hasOwn(a, n) ? a[n] : null),
});

describe('fuzzing the <tsq-lab> attributes', () => {
  afterAll(() => console.log(`robustness/element-attrs: ${runs} attribute sets`));

  it('are read without a throw; notices stay few and plain; a lesson step that opens exists, a bad one is named', () => {
    fc.assert(
      fc.property(attributes, (a) => {
        runs++;
        const el = element(a);
        const { state, notices } = decodeShareState(queryOfAttributes(el));
        expect(state.changes?.length ?? 0).toBeLessThanOrEqual(MAX_LINK_CHANGES);
        expect(notices.length).toBeLessThanOrEqual(70);
        for (const n of notices) expect(plain(noticeText(n)), noticeText(n)).toBe(true);

        const link = appUrlOf(a['app-url'] ?? null, 'https://blog.example/post/');
        if (link.url !== null) expect(link.url).toMatch(/^https?:\/\//);

        const lesson = lessonOfElement(el, 'https://lab.example/');
        const named = new URLSearchParams(queryOfAttributes(el)).get('lesson');
        if (a.lesson === undefined && named === null) {
          expect(lesson).toBeNull();
          return;
        }
        expect(lesson).not.toBeNull();
        const { options, notices: ln } = lesson!;
        expect(options.stepIndex).toBeGreaterThanOrEqual(0);
        expect(options.stepIndex).toBeLessThan(options.lesson.steps.length);
        expect(() => new URL(options.stepUrl(options.stepIndex, false))).not.toThrow();
        expect(ln.length).toBeLessThanOrEqual(72);
        for (const n of ln) expect(plain(noticeText(n)), noticeText(n)).toBe(true);
        const id = a.lesson ?? named!;
        if (!findLesson(id)) expect(ln.map((n) => n.field)).toContain('lesson');
        const step = a.step ?? new URLSearchParams(queryOfAttributes(el)).get('step');
        if (
          step !== null &&
          findLesson(id) &&
          !/^\d{1,3}$/.test(step) &&
          !options.lesson.steps.some((s) => s.id === step)
        )
          expect(ln.map((n) => n.field)).toContain('step');
      }),
      { numRuns: 250, seed: SEED },
    );
  });
});
