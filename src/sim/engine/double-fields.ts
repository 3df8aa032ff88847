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

/**
 * The opposite choice, for objects made in large numbers and short-lived
 * (skbs): a double field costs a separate heap box per object from the
 * moment the object is made, used or not, while a tagged ("any value")
 * field holds small integers inline and costs a box only when a larger
 * number is stored. Storing a non-number once makes the fields tagged for
 * every later object of the class; like preferDoubleFields, no value changes,
 * and the fields never change representation again.
 */
export function preferTaggedFields(o: object, keys: readonly string[]): void {
  const r = o as Record<string, unknown>;
  for (const k of keys) {
    if (!(k in r)) throw new Error(`preferTaggedFields: no field ${k}`);
    const v = r[k];
    r[k] = 0.5;
    r[k] = null;
    r[k] = v;
  }
}

/**
 * V8 also marks a field "const" while no object of its class has changed it
 * since it was set, and optimised code may take such a field's value as
 * fixed. A field first changed in mid-run (at the first loss, at the end of
 * the warm-up) then invalidates that code. preferMutableFields changes each
 * named field once and puts its value back: its representation and every
 * value stay as they were, and the functions that read it are optimised for
 * a field that changes.
 */
export function preferMutableFields(o: object, keys: readonly string[]): void {
  const r = o as Record<string, unknown>;
  for (const k of keys) {
    if (!(k in r)) throw new Error(`preferMutableFields: no field ${k}`);
    const v = r[k];
    if (typeof v === 'number') r[k] = v + 1;
    else if (typeof v === 'boolean') r[k] = !v;
    else r[k] = Array.isArray(v) ? [] : null;
    r[k] = v;
  }
}
