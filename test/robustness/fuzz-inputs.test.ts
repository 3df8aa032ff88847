/**
 * Fuzzing every way input gets in: share links (the app's URL parser, then
 * the core's validation through a real worker host, as the page does), the
 * explorer's scenario files, and full scenario files for the command line,
 * with random inputs and with mutations of valid ones (characters dropped,
 * inserted, swapped, truncated; fields replaced), and links with oversized
 * lists (50,000 `at` entries, a thousand fields) and lesson or step ids that
 * do not exist (./hostile-links.ts). Nothing may throw anything
 * but the documented error, and every rejected input gets at least one
 * message that is plain, non-empty text.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeShareState, encodeShareState, isPath, noticeText } from '../../src/app/share/url-state';
import { resolveShared } from '../../src/app/share/resolve';
import { parseScenarioFile, scenarioFileText } from '../../src/app/export/scenario-file';
import { listPresets } from '../../src/sim/index';
import { loadScenarioJson } from '../../src/sim/scenario/load';
import { PRESETS } from '../../src/sim/scenario/presets/index';
import { applyOverrides, ScenarioError } from '../../src/sim/scenario/validate';
import { SimHost } from '../../src/worker/host';
import { controlText, deepJson, INTERVAL_PATHS, lengthValue, listPath, tinyValue } from './hostile-inputs';
import { atEntry, fieldName, lessonId, longList, stepText } from './hostile-links';
import { MAX_LINK_CHANGES } from '../../src/app/share/change-codec';
import { readLearnLink } from '../../src/app/learn/learn-url';
import { findLesson } from '../../src/sim/lessons/index';

const SEED = Number(process.env.TSQ_FC_SEED ?? 97_531);
const presets = listPresets();
const counts = { urls: 0, longUrls: 0, overrides: 0, resolved: 0, appFiles: 0, cliFiles: 0 };

/** A host with a clock that never fires: load() is synchronous, which is all resolve needs. */
const host = new SimHost({ now: () => 0, defer: () => {} });
const loader = (req: Parameters<SimHost['load']>[0]) => Promise.resolve(host.load(req));

/** Plain text: no markup, no control characters other than newlines. */
const plain = (m: string): boolean =>
  typeof m === 'string' && m.trim().length > 0 && [...m].every((c) => c === '\n' || c.charCodeAt(0) >= 0x20);

/** Character-level mutations of a valid text. */
const mutated = (valid: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc
    .tuple(
      valid,
      fc.array(
        fc.tuple(
          fc.constantFrom('drop', 'insert', 'swap', 'truncate', 'dup'),
          fc.nat(),
          fc.string({ minLength: 1, maxLength: 3 }),
        ),
        { minLength: 1, maxLength: 6 },
      ),
    )
    .map(([text, ops]) => {
      let s = text;
      for (const [op, at, chars] of ops) {
        const i = s.length ? at % s.length : 0;
        if (op === 'drop') s = s.slice(0, i) + s.slice(i + 1);
        else if (op === 'insert') s = s.slice(0, i) + chars + s.slice(i);
        else if (op === 'swap' && i + 1 < s.length) s = s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2);
        else if (op === 'truncate') s = s.slice(0, i);
        else if (op === 'dup') s = s.slice(0, i) + s.slice(i, i + 8) + s.slice(i);
      }
      return s;
    });

const paramKeys = [...new Set(PRESETS.flatMap((p) => p.params))];
/** Knobs, and what a hostile tester tried (issue 24): interval fields, list paths, whole blocks. */
const linkKeys = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...paramKeys) },
  { weight: 1, arbitrary: fc.constantFrom(...INTERVAL_PATHS, 'title', 'router', 'link.xen', 'wifi') },
  { weight: 1, arbitrary: listPath() },
);
const linkValues = fc.oneof(
  fc.constantFrom('8', '128K', 'fq', 'true', 'null', '-1', '1e99', 'NaN', '0x10', '99', '1e309'),
  fc.string({ maxLength: 6 }),
  tinyValue(),
  lengthValue(),
  controlText(),
  deepJson().map((j) => (j.length > 300 ? j.slice(0, 60) + j.slice(-60) : j)),
);
const shareUrl = fc
  .record({
    presetId: fc.constantFrom(...presets.map((p) => p.id)),
    seed: fc.nat(),
    set: fc.dictionary(linkKeys, linkValues, { maxKeys: 4 }),
  })
  .map((s) => encodeShareState(s));

describe('fuzzing the inputs', () => {
  afterAll(() => console.log(`robustness/fuzz: ${JSON.stringify(counts)} inputs`));

  it('share links: the URL parser never throws and names what it drops', () => {
    const query = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.webQueryParameters(),
      shareUrl,
      mutated(shareUrl),
    );
    fc.assert(
      fc.property(query, (q) => {
        counts.urls++;
        const { state, notices } = decodeShareState(q);
        for (const k of Object.keys(state.set)) expect(isPath(k)).toBe(true);
        // Notices quote the link with its control characters escaped: one visible line each.
        for (const n of notices) expect(plain(noticeText(n)), noticeText(n)).toBe(true);
      }),
      { numRuns: 3000, seed: SEED },
    );
  });

  it('oversized lists and bad lesson/step ids: notices stay few, changes at most 256, a bad id is named', () => {
    const link = fc.record({
      at: longList(atEntry()),
      fields: longList(fc.tuple(fieldName(), fc.constantFrom('8', '', 'x'))),
      lesson: fc.option(lessonId()),
      step: fc.option(stepText()),
    });
    fc.assert(
      fc.property(link, ({ at, fields, lesson, step }) => {
        counts.longUrls++;
        const q = new URLSearchParams([
          ['v', '2'],
          ['view', 'learn'],
        ]);
        for (const a of at) q.append('at', a);
        for (const [k, v] of fields) q.append(k, v);
        if (lesson !== null) q.append('lesson', lesson);
        if (step !== null) q.append('step', step);
        const text = q.toString();
        const { state, notices } = decodeShareState(text);
        expect(state.changes?.length ?? 0).toBeLessThanOrEqual(MAX_LINK_CHANGES);
        // 64 entries named at most, one for the rest; three bad `at` entries, one for the rest, one past the cap.
        expect(notices.length).toBeLessThanOrEqual(70);
        for (const n of notices) expect(plain(noticeText(n)), noticeText(n)).toBe(true);
        if (at.length > MAX_LINK_CHANGES)
          expect(notices.map(noticeText)).toContainEqual(expect.stringContaining('the first 256 were read'));
        // The Learn view reads the same link: the step it opens exists, and a bad id is named.
        const learn = readLearnLink(text);
        expect(learn.stepIndex).toBeGreaterThanOrEqual(0);
        expect(learn.stepIndex).toBeLessThan(learn.lesson.steps.length);
        expect(learn.notices.length).toBeLessThanOrEqual(70);
        for (const n of learn.notices) expect(plain(noticeText(n)), noticeText(n)).toBe(true);
        if (lesson !== null && lesson !== '' && !findLesson(lesson))
          expect(learn.notices.map((n) => n.field)).toContain('lesson');
      }),
      { numRuns: 150, seed: SEED + 5 },
    );
  });

  it('URL values into the core: applyOverrides accepts or names the field of every rejected value', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PRESETS), fc.oneof(shareUrl, mutated(shareUrl)), (preset, q) => {
        counts.overrides++;
        const { state } = decodeShareState(q);
        try {
          applyOverrides(preset.scenario(), state.set);
        } catch (e) {
          expect(e).toBeInstanceOf(ScenarioError);
          const errors = (e as ScenarioError).errors;
          expect(errors.length).toBeGreaterThan(0);
          for (const m of errors) expect(plain(m)).toBe(true);
          // Each message is about one of the fields the link set (or a rule across fields).
          for (const m of errors)
            expect(
              Object.keys(state.set).some((k) => m.startsWith(k)) || /must|cannot|required|applies/.test(m),
              m,
            ).toBe(true);
        }
      }),
      { numRuns: 2000, seed: SEED + 1 },
    );
  });

  it('share links end to end in Node: parse, then resolve against a worker host; the host keeps a valid run', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(shareUrl, mutated(shareUrl)), async (q) => {
        counts.resolved++;
        const { state } = decodeShareState(q);
        const r = await resolveShared(loader, presets, {
          presetId: state.presetId,
          set: state.set,
          seed: state.seed ?? 1,
        });
        for (const n of r.notices) expect(plain(noticeText(n)), noticeText(n)).toBe(true);
        if (r.presetId) {
          // What resolve kept loads cleanly.
          expect(host.load({ presetId: r.presetId, overrides: r.overrides, seed: 1 }).ok).toBe(true);
        }
      }),
      { numRuns: 300, seed: SEED + 2 },
    );
  });

  it("the explorer's scenario files: random and mutated files are refused with messages, never a throw", () => {
    const valid = fc
      .record({
        presetId: fc.constantFrom(...presets.map((p) => p.id)),
        seed: fc.nat(),
        set: fc.dictionary(
          fc.constantFrom(...paramKeys),
          fc.oneof(fc.integer(), fc.boolean(), fc.string({ maxLength: 5 })),
          { maxKeys: 3 },
        ),
      })
      .map((f) => scenarioFileText(f));
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 60 }), fc.json(), valid, mutated(valid)), (text) => {
        counts.appFiles++;
        const r = parseScenarioFile(text, presets);
        if (!r.ok) {
          expect(r.errors.length).toBeGreaterThan(0);
          for (const m of r.errors) expect(plain(m)).toBe(true);
        }
      }),
      { numRuns: 2000, seed: SEED + 3 },
    );
  });

  it('full scenario files (command line): mutated presets and random text only ever raise a ScenarioError with messages', () => {
    const valid = fc.constantFrom(...PRESETS).map((p) => JSON.stringify(p.scenario(), null, 1));
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 60 }), fc.json(), mutated(valid)), (text) => {
        counts.cliFiles++;
        try {
          loadScenarioJson(text);
        } catch (e) {
          expect(e).toBeInstanceOf(ScenarioError);
          const errors = (e as ScenarioError).errors;
          expect(errors.length).toBeGreaterThan(0);
          for (const m of errors) expect(plain(m), m).toBe(true);
        }
      }),
      { numRuns: 2000, seed: SEED + 4 },
    );
  });
});
