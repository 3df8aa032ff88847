/**
 * 2 ** n for the shifts of the kernel's `>>` arithmetic (sk_pacing_shift,
 * rtt_log, ...). With a variable exponent V8 compiles `2 ** n` to a call of
 * the C pow(); a table gives the same exact power of two for integer n in
 * [0, 64) at the cost of a load, and anything else still goes to `**`.
 */
const POW2 = new Float64Array(64);
for (let i = 0; i < 64; i++) POW2[i] = 2 ** i;

export function pow2(n: number): number {
  return n >= 0 && n < 64 && (n | 0) === n ? POW2[n] : 2 ** n;
}
