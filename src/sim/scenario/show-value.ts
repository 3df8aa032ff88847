/**
 * Values and names as validation messages show them (./validate.ts): cut
 * short, control characters escaped, and a schema node's allowed values in
 * words.
 */
import { escapeControls, escapeJsonControls } from './escape';
import type { Node } from './validate-rules';

/** Characters of a value a message shows; longer values are cut. */
const SHOWN_CHARS = 80;

/**
 * A value as it appears in a message: JSON, cut short so that a huge input
 * stays readable. Written without recursion and only as far as it is shown,
 * so that a value nested 100,000 levels deep (or a megabyte long) costs
 * what its first 80 characters do. Numbers JSON cannot hold (1e309 parses
 * as Infinity) are shown as such, not as null.
 */
export function show(v: unknown): string {
  const s = preview(v, SHOWN_CHARS + 1);
  return s.length > SHOWN_CHARS ? `${s.slice(0, SHOWN_CHARS - 3)}...` : s;
}

type Open = { close: string; items: [string | null, unknown][]; i: number };

function scalar(v: unknown, limit: number): string {
  if (typeof v === 'string')
    return escapeJsonControls(JSON.stringify(v.length > limit ? v.slice(0, limit) : v));
  if (typeof v === 'number') return Number.isFinite(v) ? JSON.stringify(v) : String(v);
  if (v === null || typeof v === 'boolean') return String(v);
  return String(v);
}

/** JSON of `v` up to about `limit` characters, with an explicit stack instead of recursion. */
function preview(v: unknown, limit: number): string {
  let out = '';
  const stack: Open[] = [];
  let next: { key: string | null; value: unknown } | null = { key: null, value: v };
  while (out.length < limit) {
    if (next) {
      const { key, value } = next;
      next = null;
      if (key !== null) out += `${escapeJsonControls(JSON.stringify(key.slice(0, limit)))}:`;
      if (value !== null && typeof value === 'object') {
        const arr = Array.isArray(value);
        out += arr ? '[' : '{';
        // Only as many entries as can be shown are listed.
        const items: [string | null, unknown][] = [];
        if (arr) {
          const a = value as unknown[];
          for (let i = 0; i < a.length && i < limit; i++) items.push([null, a[i]]);
        } else {
          for (const k in value) {
            if (!Object.hasOwn(value, k)) continue;
            items.push([k, (value as Record<string, unknown>)[k]]);
            if (items.length >= limit) break;
          }
        }
        stack.push({ close: arr ? ']' : '}', items, i: 0 });
      } else out += scalar(value, limit);
      continue;
    }
    const top = stack[stack.length - 1];
    if (!top) break;
    if (top.i >= top.items.length) {
      out += top.close;
      stack.pop();
      continue;
    }
    if (top.i > 0) out += ',';
    const [key, value] = top.items[top.i++];
    next = { key, value };
  }
  return out;
}

/**
 * A name from the user (a key in a file, a --set path, a CLI argument) as a
 * message shows it: as written if printable, else quoted with its control
 * characters escaped (and cut short, as show does).
 */
export function keyText(k: string): string {
  const escaped = escapeControls(k);
  if (k.length > 0 && k.length <= 120 && escaped === k) return k;
  const quoted = `"${escaped}"`;
  return quoted.length > 80 ? `${quoted.slice(0, 77)}...` : quoted;
}

export function describe(n: Node): string {
  switch (n.t) {
    case 'int':
    case 'number': {
      const unit = n.unit ? ` ${n.unit}` : '';
      const off = n.off !== undefined ? `${n.off} (off) or ` : '';
      return `${off}${n.t === 'int' ? 'an integer' : 'a number'} from ${n.min} to ${n.max}${unit}${n.nullable ? ' or null' : ''}`;
    }
    case 'bool':
      return n.nullable ? 'true, false or null' : 'true or false';
    case 'enum':
      return `${n.nullable ? 'null or ' : ''}one of ${n.values.join(', ')}`;
    case 'string':
      return `a string of at most ${n.maxLength} characters`;
    case 'scalar':
      return `a number, true/false, null or a text of at most ${n.maxLength} characters`;
    case 'object':
      return `${n.nullable ? 'null or ' : ''}an object with ${Object.keys(n.fields).join(', ')}`;
    case 'array': {
      const list =
        n.minItems === n.maxItems
          ? `a list of ${n.minItems} items`
          : `a list of ${n.minItems} to ${n.maxItems} items`;
      return n.nullable ? `null or ${list}` : list;
    }
    case 'variant':
      return Object.entries(n.cases)
        .map(([kind, f]) => `{kind: "${kind}", ${Object.keys(f).join(', ')}}`)
        .join(' or ')
        .concat(n.nullable ? ' or null' : '');
  }
}
