/**
 * Text from a user (a key in a file, a --set path, a link's value) as a
 * one-line message quotes it: control characters become escapes (\r,
 * \u001b), so that a message cannot be split or recoloured by its input.
 * Shared by the core's messages and the app's link notices.
 */
const ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

export function escapeControls(s: string): string {
  let out = '';
  for (const c of s) {
    const code = c.charCodeAt(0);
    out += code < 0x20 || code === 0x7f ? (ESCAPES[c] ?? `\\u${code.toString(16).padStart(4, '0')}`) : c;
  }
  return out;
}
