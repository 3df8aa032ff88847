import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Skb } from '../skb';
import { SkbRing } from './skb-ring';

// The ring only stores references: tagged stand-ins are enough to follow order.
const skb = (id: number): Skb => ({ id }) as unknown as Skb;
const ids = (r: SkbRing): number[] =>
  Array.from({ length: r.length }, (_, i) => (r.at(i) as unknown as { id: number }).id);

type Op = { op: 'push' | 'unshift' | 'shift' } | { op: 'insertAt'; at: number };
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.constantFrom<Op>({ op: 'push' }, { op: 'unshift' }, { op: 'shift' }),
  fc.nat(64).map((at): Op => ({ op: 'insertAt', at })),
);

describe('SkbRing', () => {
  it('keeps the order of an array under any mix of operations, through every growth', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.array(op, { maxLength: 300 }), (cap, ops) => {
        const ring = new SkbRing(cap);
        const ref: number[] = [];
        let next = 0;
        for (const o of ops) {
          if (o.op === 'push') {
            ring.push(skb(next));
            ref.push(next++);
          } else if (o.op === 'unshift') {
            ring.unshift(skb(next));
            ref.unshift(next++);
          } else if (o.op === 'shift') {
            const got = ring.shift() as unknown as { id: number } | null;
            const want = ref.shift();
            expect(got?.id).toBe(want);
          } else if (o.op === 'insertAt') {
            const at = Math.min(o.at, ref.length);
            ring.insertAt(at, skb(next));
            ref.splice(at, 0, next++);
          }
          expect(ring.length).toBe(ref.length);
        }
        expect(ids(ring)).toEqual(ref);
        expect((ring.peek() as unknown as { id: number } | null)?.id).toBe(ref[0]);
        expect((ring.peekTail() as unknown as { id: number } | null)?.id).toBe(ref.at(-1));
      }),
    );
  });

  it('an empty ring shifts and peeks null', () => {
    const ring = new SkbRing();
    expect(ring.shift()).toBeNull();
    expect(ring.peek()).toBeNull();
    expect(ring.peekTail()).toBeNull();
    ring.unshift(skb(7));
    expect(ids(ring)).toEqual([7]);
  });
});
