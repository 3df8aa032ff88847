/**
 * fast-check generators of the link and attribute inputs a hostile tester
 * found defects with (issue 34): oversized lists (50,000 `at` entries, a
 * thousand fields, a thousand names that are no parameter), and lesson and
 * step ids that do not exist (step=1e308, -1, 1.5, a prototype key). Used by
 * the URL fuzzer (fuzz-inputs.test.ts) and the element's attribute fuzzer
 * (element-attrs.fuzz.test.ts).
 */
import fc from 'fast-check';
import { LESSONS } from '../../src/sim/lessons/index';
import { controlText } from './hostile-inputs';

/** One `at` entry as links write it (`7.4s:path=value`), or one broken in a way people and tools break them. */
export const atEntry = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc
      .tuple(
        fc.constantFrom('250ms', '1s', '7.4s', '1500us', '0s', '3600s', '9999s', '-1s', '1e308s', 'soon', ''),
        fc.constantFrom('tcp.sk_pacing_shift', 'tcp.cc', 'link.rateBps', 'x', '__proto__', 'a..b', ''),
        fc.constantFrom('8', 'bbr', '100M', 'null', '', 'NaN', '1e309'),
      )
      .map(([t, k, v]) => `${t}:${k}=${v}`),
    controlText(),
    fc.constantFrom('x'.repeat(300), ':', '=', ';', '1s:=', '1s:tcp.cc'),
  );

/** How many of something a list holds: few, around the caps (64 fields, 256 changes), or far past them. */
export const listLength = (): fc.Arbitrary<number> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 0, max: 8 }) },
    { weight: 2, arbitrary: fc.constantFrom(63, 64, 65, 255, 256, 257) },
    { weight: 1, arbitrary: fc.constantFrom(1000, 5000, 50_000) },
  );

/** `n` items cycled from a few generated ones: a 50,000-entry list without 50,000 generated values. */
export const longList = <T>(item: fc.Arbitrary<T>): fc.Arbitrary<T[]> =>
  fc
    .tuple(listLength(), fc.array(item, { minLength: 1, maxLength: 4 }))
    .map(([n, pool]) => Array.from({ length: n }, (_, i) => pool[i % pool.length]));

/** Lesson ids: real ones and ones that are not. */
export const lessonId = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(...LESSONS.map((l) => l.id)),
    fc.constantFrom('nope', '', ' ', '__proto__', 'constructor', 'toString', LESSONS[0].id.toUpperCase()),
    fc.constantFrom('x'.repeat(5000)),
    controlText(),
  );

/** Step numbers and ids: in range, out of it, and not numbers as the Learn view writes them. */
export const stepText = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom('1', '2', '3'),
    fc.constantFrom('0', '-1', '1e308', '1e-308', '1.5', '1.0', ' 2', '0x1', '999', 'NaN', 'Infinity', ''),
    fc.constantFrom(...LESSONS.flatMap((l) => l.steps.map((s) => s.id))),
    fc.constantFrom('__proto__', 'x'.repeat(5000)),
    controlText(),
  );

/** A field name as a link carries it: parameters, and names that are no parameter. */
export const fieldName = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom('tcp.sk_pacing_shift', 'link.rateBps', 'tcp.cc', 'a.b.c'),
    fc.constantFrom('x-1', '1x', '__proto__', 'a..b', '', '.', 'constructor.x', 'x'.repeat(200)),
    controlText(),
  );
