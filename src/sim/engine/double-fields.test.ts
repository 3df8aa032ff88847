import { describe, expect, it } from 'vitest';
import { preferDoubleFields, preferMutableFields, preferTaggedFields } from './double-fields';

class Fields {
  n = 7;
  flag = false;
  list: number[] = [1, 2];
  obj: { a: number } | null = null;
}

describe('field representation hints', () => {
  it('leave every value as it was', () => {
    const f = new Fields();
    const list = f.list;
    preferMutableFields(f, ['n', 'flag', 'list', 'obj']);
    preferDoubleFields(f, ['n']);
    preferTaggedFields(f, ['obj']);
    expect(f.n).toBe(7);
    expect(f.flag).toBe(false);
    expect(f.list).toBe(list);
    expect(f.obj).toBeNull();
  });

  it('refuse a field the object does not have, rather than adding it', () => {
    const f = new Fields();
    expect(() => preferMutableFields(f, ['missing'])).toThrow(/no field missing/);
    expect('missing' in f).toBe(false);
  });
});
