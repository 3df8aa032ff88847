/**
 * Text from a user (a key in a file, a --set path, a link's value) as a
 * one-line message quotes it: control characters become escapes (\r,
 * \u001b, and DEL and the C1 controls U+0080–U+009F, among them the 8-bit
 * CSI), so that a message cannot be split or recoloured by its input.
 * Shared by the core's messages and the app's link notices.
 */
const ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** C0 controls, DEL and the C1 controls. */
export const isControl = (code: number): boolean => code < 0x20 || (code >= 0x7f && code <= 0x9f);

/** JSON text (which escapes only C0) with DEL and the C1 controls escaped too. */
export const escapeJsonControls = (json: string): string =>
  json.replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export function escapeControls(s: string): string {
  let out = '';
  for (const c of s) {
    const code = c.charCodeAt(0);
    out += isControl(code) ? (ESCAPES[c] ?? `\\u${code.toString(16).padStart(4, '0')}`) : c;
  }
  return out;
}
