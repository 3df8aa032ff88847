/**
 * V8 keeps a number-valued field as a small integer (Smi) until it first
 * holds a value that is not one. Timestamps in ns pass the Smi range at
 * 2^31 ns ≈ 2.1 s (2^30 ≈ 1.07 s in browsers, which compress pointers), and
 * byte counters soon after; the change of field representation then
 * invalidates every optimised function that touched objects of that shape,
 * all at once, in the middle of a run.
 *
 * preferDoubleFields stores a fraction into each named field and then puts
 * the old value back: the fields are doubles from then on, for this object
 * and for every later object of the same class, and no value changes. Call it
 * on the first instance (in a constructor) or on a throw-away instance when
 * the class is defined.
 */
export function preferDoubleFields(o: object, keys: readonly string[]): void {
  const r = o as Record<string, unknown>;
  for (const k of keys) {
    // A misspelt name would add a field instead of changing one.
    if (!(k in r)) throw new Error(`preferDoubleFields: no field ${k}`);
    const v = r[k];
    r[k] = 0.5;
    r[k] = v;
  }
}
