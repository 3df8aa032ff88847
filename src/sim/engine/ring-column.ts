/**
 * The model keeps its busiest queues as rings of parallel columns (typed
 * arrays for numbers, plain arrays for references) with a power-of-two
 * capacity. Growing one copies each column's live entries, unwrapped, to
 * the start of a fresh column twice the size.
 */
export interface RingColumn<T> {
  readonly length: number;
  [i: number]: T;
}

/** Copies the len entries of src from head (wrapping at src.length, a power of two) to dst[0..len). */
export function unwrapInto<T, C extends RingColumn<T>>(
  src: RingColumn<T>,
  head: number,
  len: number,
  dst: C,
): C {
  const mask = src.length - 1;
  for (let k = 0; k < len; k++) dst[k] = src[(head + k) & mask];
  return dst;
}

/** The least power of two ≥ max(n, 4): a ring's capacity, so that `& (cap - 1)` wraps an index. */
export function ringCapacity(n: number): number {
  let cap = 4;
  while (cap < n) cap *= 2;
  return cap;
}
