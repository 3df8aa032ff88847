import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EventQueue, type EventTarget } from './event-queue';
import { preferDoubleFields } from './double-fields';

describe('EventQueue', () => {
  it('pops in (time, insertion) order under interleaved pushes and pops (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 0, max: 50 }), fc.constant(-1)), {
          minLength: 1,
          maxLength: 4000,
        }),
        (ops) => {
          const q = new EventQueue();
          const popped: number[] = [];
          const t: EventTarget = { handleEvent: (_k, arg) => void popped.push(arg as number) };
          // Reference: pending (time, id) pairs; the earliest time, then the lowest id, goes first.
          const ref: [number, number][] = [];
          const want: number[] = [];
          let id = 0;
          let now = 0;
          for (const op of ops) {
            if (op >= 0) {
              q.push(now + op, t, 0, id);
              ref.push([now + op, id++]);
            } else if (ref.length > 0) {
              ref.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
              const [tm, i] = ref.shift()!;
              want.push(i);
              now = tm;
              q.popAndRun(q.peekTime());
            }
          }
          return JSON.stringify(popped) === JSON.stringify(want) && q.size === ref.length;
        },
      ),
    );
  });
});

describe('preferDoubleFields', () => {
  it('leaves every value as it was', () => {
    const o = { a: 0, b: -1, c: 7 };
    preferDoubleFields(o, ['a', 'b']);
    expect(o).toEqual({ a: 0, b: -1, c: 7 });
  });

  it('rejects a name the object does not have', () => {
    expect(() => preferDoubleFields({ a: 0 }, ['nope'])).toThrow(/no field nope/);
  });
});
