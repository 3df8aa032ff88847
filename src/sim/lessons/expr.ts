/**
 * A placeholder's expression: refs into the run's summaries and knobs,
 * combined with + − × ÷ and parentheses (./format.ts lists the refs).
 * Parsing names what is wrong; evaluation says whether a value is final
 * (its mark reached) or the run's value so far.
 */
import type { ParamValue, Summary } from '../api';

export type Expr =
  | { op: 'num'; value: number }
  | { op: 'ref'; path: string[] }
  | { op: '+' | '-' | '*' | '/'; a: Expr; b: Expr };

const TOKEN = /\s*(?:(\d+(?:\.\d+)?)|([A-Za-z_][\w]*(?:\.[\w]+)*)|([-+*/()]))/y;

/** Parses an expression or throws an Error saying what is wrong. */
export function parseExpr(src: string): Expr {
  const toks: string[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < src.length) {
    if (/^\s*$/.test(src.slice(at))) break;
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(src);
    if (!m) throw new Error(`cannot read ${JSON.stringify(src.slice(at).trim())}`);
    toks.push(m[1] ?? m[2] ?? m[3]);
    at = TOKEN.lastIndex;
  }
  if (!toks.length) throw new Error('is empty');
  let i = 0;
  const peek = () => toks[i];
  const next = () => toks[i++];
  const factor = (): Expr => {
    const t = next();
    if (t === undefined) throw new Error('ends too early');
    if (t === '(') {
      const e = sum();
      if (next() !== ')') throw new Error('misses a closing parenthesis');
      return e;
    }
    if (/^\d/.test(t)) return { op: 'num', value: Number(t) };
    if (/^[A-Za-z_]/.test(t)) return { op: 'ref', path: t.split('.') };
    throw new Error(`has ${JSON.stringify(t)} where a value belongs`);
  };
  const product = (): Expr => {
    let e = factor();
    while (peek() === '*' || peek() === '/') e = { op: next() as '*' | '/', a: e, b: factor() };
    return e;
  };
  const sum = (): Expr => {
    let e = product();
    while (peek() === '+' || peek() === '-') e = { op: next() as '+' | '-', a: e, b: product() };
    return e;
  };
  const e = sum();
  if (i < toks.length) throw new Error(`has ${JSON.stringify(toks[i])} after the end`);
  return e;
}

export function refsOf(e: Expr): string[][] {
  if (e.op === 'ref') return [e.path];
  if (e.op === 'num') return [];
  return [...refsOf(e.a), ...refsOf(e.b)];
}

/** What a placeholder's refs read: the run's summaries, knobs, comparison runs and published cells. */
export interface EvalContext {
  /** The summary at a mark once reached, else null. */
  mark(id: string): Summary | null;
  /** The run's summary so far (stands in for marks not reached yet). */
  live(): Summary | null;
  param(key: string): ParamValue | undefined;
  /** The value (and knob) of the step's i-th scheduled change. */
  change(i: number): { key: string; value: ParamValue | null } | null;
  compare(id: string): Summary | null;
  published(cell: string): { value: number; unit: string } | null;
}

export type Value = number | string | boolean;

export interface Evaluated {
  value: Value | null;
  /** Some mark or comparison it reads is not there yet: the value is the run's so far, or null. */
  pending: boolean;
}

/** A summary's field by path: tsqBudget.limitBytes, stations.2.medianPingMs, seriesMeans.<series key>. */
export function summaryField(s: Summary, path: readonly string[]): Value | null | undefined {
  if (path[0] === 'seriesMeans') {
    const v = s.seriesMeans?.[path.slice(1).join('.')];
    return v === undefined ? undefined : v;
  }
  let x: unknown = s;
  for (const p of path) {
    if (x === null || typeof x !== 'object') return undefined;
    x = (x as Record<string, unknown>)[p];
  }
  if (x === null) return null;
  return typeof x === 'number' || typeof x === 'string' || typeof x === 'boolean' ? x : undefined;
}

function refValue(path: string[], ctx: EvalContext): Evaluated {
  const [root, ...rest] = path;
  if (root === 'param') {
    const v = ctx.param(rest.join('.'));
    return { value: v ?? null, pending: v === undefined };
  }
  if (root === 'change') {
    const c = ctx.change(Number(rest[0]));
    return { value: c?.value ?? null, pending: false };
  }
  if (root === 'published') {
    const p = ctx.published(rest.join('.'));
    return { value: p?.value ?? null, pending: false };
  }
  if (root === 'now') {
    const live = ctx.live();
    return { value: live ? (summaryField(live, rest) ?? null) : null, pending: live === null };
  }
  if (root === 'compare') {
    const s = ctx.compare(rest[0]);
    return s
      ? { value: summaryField(s, rest.slice(1)) ?? null, pending: false }
      : { value: null, pending: true };
  }
  const at = ctx.mark(root);
  if (at) return { value: summaryField(at, rest) ?? null, pending: false };
  const live = ctx.live();
  return { value: live ? (summaryField(live, rest) ?? null) : null, pending: true };
}

export function evaluate(e: Expr, ctx: EvalContext): Evaluated {
  if (e.op === 'num') return { value: e.value, pending: false };
  if (e.op === 'ref') return refValue(e.path, ctx);
  const a = evaluate(e.a, ctx);
  const b = evaluate(e.b, ctx);
  const pending = a.pending || b.pending;
  if (typeof a.value !== 'number' || typeof b.value !== 'number') return { value: null, pending };
  const v =
    e.op === '+'
      ? a.value + b.value
      : e.op === '-'
        ? a.value - b.value
        : e.op === '*'
          ? a.value * b.value
          : a.value / b.value;
  return { value: v, pending };
}
