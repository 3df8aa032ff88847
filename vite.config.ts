import { build, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { headersFor, parseHeaders } from './scripts/headers-file.mjs';

// The <meta> Content-Security-Policy of the built pages, for hosts that send no headers: the
// explorer's policy in public/_headers without frame-ancestors, which a <meta> policy cannot carry.
const csp = directives(
  headersFor(
    parseHeaders(readFileSync(fileURLToPath(new URL('./public/_headers', import.meta.url)), 'utf8')),
    '/index.html',
  )['Content-Security-Policy'] ?? '',
)
  .filter((d) => !d.startsWith('frame-ancestors'))
  .join('; ');

/**
 * Response headers: the rules of public/_headers, the file the built site
 * carries for hosts that read one (docs/hosting.md), so there is one source
 * of truth. `vite preview` applies the built copy as such a host would, so
 * what the end-to-end tests see is what is hosted. `vite` (dev) applies the
 * same file, except that of a page's Content-Security-Policy it keeps only
 * frame-ancestors: the full policy would block the dev server's inline
 * preamble and its HMR socket. Returns nothing: a function returned from
 * these hooks would be run as a post-middleware hook.
 */
type Middlewares = {
  use(
    fn: (
      req: { url?: string },
      res: { setHeader(k: string, v: string): void; statusCode: number; end(): void },
      next: () => void,
    ) => void,
  ): void;
};
type HeaderServer = {
  middlewares: Middlewares;
  config: { base: string; root: string; publicDir: string; build: { outDir: string } };
};
function withSiteHeaders(server: HeaderServer, dev: boolean): void {
  const { base, root, publicDir, build: out } = server.config;
  const built = resolve(root, out.outDir, '_headers');
  const file = !dev && existsSync(built) ? built : resolve(publicDir, '_headers');
  const rules = existsSync(file) ? parseHeaders(readFileSync(file, 'utf8')) : [];
  const prefix = base.startsWith('/') ? base : '/';
  server.middlewares.use((req, res, next) => {
    const path = new URL(req.url ?? '/', 'http://host').pathname;
    const rel = path.startsWith(prefix) ? `/${path.slice(prefix.length)}` : path;
    // Hosts that read the file do not serve it.
    if (rel === '/_headers') {
      res.statusCode = 404;
      res.end();
      return;
    }
    for (const [k, v] of Object.entries(headersFor(rules, rel))) {
      const value = dev && k.toLowerCase() === 'content-security-policy' ? frameAncestorsOf(v) : v;
      if (value) res.setHeader(k, value);
    }
    next();
  });
}
function directives(policy: string): string[] {
  return policy
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
}
const frameAncestorsOf = (policy: string): string =>
  directives(policy)
    .filter((d) => d.startsWith('frame-ancestors'))
    .join('; ');

export default defineConfig(({ command }) => ({
  // Relative URLs throughout: the built site works from any folder of any static host
  // (docs/hosting.md); `vite build --base /path/` pins one instead.
  base: './',
  plugins: [
    react(),
    {
      name: 'tsq-site-headers',
      configureServer: (server) => withSiteHeaders(server, true),
      configurePreviewServer: (server) => withSiteHeaders(server, false),
    },
    {
      name: 'tsq-csp',
      transformIndexHtml(html) {
        if (command !== 'build') return html;
        return html.replace(
          '<head>',
          `<head>\n    <meta http-equiv="Content-Security-Policy" content="${csp}" />`,
        );
      },
    },
    (() => {
      // The <tsq-lab> web component (<outDir>/lib/tsq-lab.js), built after the app by its own config.
      let libDir = '';
      return {
        name: 'tsq-lab-element',
        apply: 'build' as const,
        configResolved(c: { root: string; build: { outDir: string } }) {
          libDir = resolve(c.root, c.build.outDir, 'lib');
        },
        async closeBundle() {
          const configFile = fileURLToPath(new URL('./vite.embed.config.ts', import.meta.url));
          await build({ configFile, build: { outDir: libDir } });
        },
      };
    })(),
  ],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    // The explorer and the embed page (for iframes).
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        embed: fileURLToPath(new URL('./embed.html', import.meta.url)),
      },
    },
  },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
}));
