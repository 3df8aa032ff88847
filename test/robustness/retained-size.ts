/**
 * A deterministic measure of what a model holds: the number of slots
 * (object fields, array and typed-array elements, Map/Set entries) reachable
 * from a root. Unlike heap figures it does not depend on the garbage
 * collector, so a unit test can compare it early and late in a run. State
 * kept only inside closures is invisible here; bench/long-run.ts covers it by
 * measuring the heap. A store bounded by construction (a `boundSlots` getter:
 * the sample reservoirs, whose buffers grow to a fixed capacity) counts as
 * that bound from the start, so filling it up to the bound is not growth.
 */
export interface RetainedSize {
  slots: number;
  objects: number;
  /** The largest containers, by path, for the failure message. */
  largest: { path: string; slots: number }[];
}

export function retainedSize(root: unknown, maxObjects = 5_000_000): RetainedSize {
  const seen = new Set<object>();
  const containers: { path: string; slots: number }[] = [];
  let slots = 0;
  const stack: { v: unknown; path: string }[] = [{ v: root, path: 'root' }];
  while (stack.length > 0 && seen.size < maxObjects) {
    const { v, path } = stack.pop()!;
    if (v === null || (typeof v !== 'object' && typeof v !== 'function')) continue;
    if (typeof v === 'function' || seen.has(v)) continue;
    seen.add(v);
    let n: number;
    const bound = (v as { boundSlots?: unknown }).boundSlots;
    if (typeof bound === 'number') {
      n = bound;
    } else if (ArrayBuffer.isView(v)) {
      n = (v as unknown as { length?: number }).length ?? v.byteLength;
    } else if (v instanceof Map) {
      n = v.size * 2;
      let i = 0;
      for (const [k, x] of v) {
        stack.push({ v: k, path: `${path}<k${i}>` }, { v: x, path: `${path}<${i}>` });
        i++;
      }
    } else if (v instanceof Set) {
      n = v.size;
      for (const x of v) stack.push({ v: x, path: `${path}{}` });
    } else if (Array.isArray(v)) {
      n = v.length;
      // Elements share one path past the first two, so the largest list stays readable.
      v.forEach((x, i) => stack.push({ v: x, path: i < 2 ? `${path}[${i}]` : `${path}[]` }));
    } else {
      const keys = Object.keys(v);
      n = keys.length;
      for (const k of keys) stack.push({ v: (v as Record<string, unknown>)[k], path: `${path}.${k}` });
    }
    slots += n;
    if (n > 64) containers.push({ path, slots: n });
  }
  containers.sort((a, b) => b.slots - a.slots);
  return { slots, objects: seen.size, largest: containers.slice(0, 8) };
}
