import { escapeControls } from '../sim/scenario/escape';

/** A Flent file that cannot be read, with a message that names what is wrong. */
export class FlentFileError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FlentFileError';
  }
}

/** A short, printable rendering of a value for messages (never the whole of a large one). */
export function shownValue(v: unknown): string {
  let s: string;
  try {
    s = JSON.stringify(v) ?? String(v);
  } catch {
    s = String(v);
  }
  // JSON already escapes control characters in strings; String() of the rest may not.
  s = escapeControls(s);
  return s.length > 60 ? `${s.slice(0, 60)}…` : s;
}

/** Text from a file (a host, a kernel release, a title) as a message quotes it: control characters escaped, cut short. */
export function fileText(s: string, max = 60): string {
  // Cut before escaping: a 50 MB TITLE is not escaped whole to show 60 characters of it.
  const e = escapeControls(s.length > max ? s.slice(0, max + 1) : s);
  return e.length > max ? `${e.slice(0, max)}…` : e;
}
