import { describe, expect, it } from 'vitest';
import { Skb } from './skb';
import { SkbPool } from './skb-pool';

/** Every own field of an skb but its id, as a plain object. */
function fieldsOf(s: Skb): Record<string, unknown> {
  const { id: _id, ...rest } = { ...s };
  return rest;
}

describe('skb pool', () => {
  it('gives back a spare skb in the state of a new one, every field reset, under a new id', () => {
    const pool = new SkbPool();
    const used = pool.take();
    // Change every field, whatever it holds.
    for (const k of Object.keys(used) as (keyof Skb)[]) {
      const v = used[k];
      const changed = typeof v === 'number' ? v + 7 : typeof v === 'boolean' ? !v : {};
      (used as unknown as Record<string, unknown>)[k] = changed;
    }
    used.holds = 1;
    pool.release(used);
    const again = pool.take();
    expect(again).toBe(used);
    expect(fieldsOf(again)).toEqual(fieldsOf(new Skb()));
    expect(again.id).toBeGreaterThan(0);
    expect(new Skb().id).toBe(again.id + 2);
  });

  it('takes an skb back only when its last holder lets go, and never one not from a pool', () => {
    const pool = new SkbPool();
    const s = pool.take();
    s.holds = 2;
    pool.release(s);
    expect(pool.take()).not.toBe(s);
    pool.release(s);
    expect(pool.take()).toBe(s);
    const plain = new Skb();
    pool.release(plain);
    expect(pool.take()).not.toBe(plain);
  });
});
