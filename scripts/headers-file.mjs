// The Netlify-style `_headers` file (public/_headers, copied into the built
// site): path patterns, each followed by indented `Name: value` lines. One
// reader for every server that applies it — `vite preview` and `vite`
// (vite.config.ts) and the plain static server of the sub-path test
// (static-serve.mjs) — so the headers tested are the headers hosted.

/** Rules of a _headers file: [{ pattern, headers: [[name, value]] }], in file order. */
export function parseHeaders(text) {
  const rules = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) rules.push({ pattern: line.trim(), headers: [] });
    else if (rules.length) {
      const i = line.indexOf(':');
      if (i > 0) rules.at(-1).headers.push([line.slice(0, i).trim(), line.slice(i + 1).trim()]);
    }
  }
  return rules;
}

/** A pattern ending in `*` matches every path it starts; any other matches itself only. */
export const matchesPath = (pattern, path) =>
  pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : pattern === path;

/**
 * The headers of `path` (relative to the site's folder, '/' for the folder
 * itself, no query), by the rules in file order; the file sets no header
 * twice for one path, so the order decides nothing.
 */
export function headersFor(rules, path) {
  const out = {};
  for (const r of rules) if (matchesPath(r.pattern, path)) for (const [k, v] of r.headers) out[k] = v;
  return out;
}
