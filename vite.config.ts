import { build, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

// Content-Security-Policy for the built pages: no inline script, workers from self only.
const csp = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

/**
 * Framing: the explorer may be framed only by its own origin (clickjacking);
 * embed.html exists to be framed by any page. A meta CSP cannot carry
 * frame-ancestors, so these are response headers, here for `vite` and
 * `vite preview`; docs/deploy.md has the same for nginx, Apache, Netlify and
 * GitHub Pages.
 */
const EMBEDDABLE = /^\/(embed\.html|lib\/)/;
function frameHeaders(url: string | undefined): Record<string, string> {
  return EMBEDDABLE.test(url ?? '/')
    ? { 'Content-Security-Policy': 'frame-ancestors *' }
    : { 'Content-Security-Policy': "frame-ancestors 'self'", 'X-Frame-Options': 'SAMEORIGIN' };
}
type Middlewares = {
  use(
    fn: (req: { url?: string }, res: { setHeader(k: string, v: string): void }, next: () => void) => void,
  ): void;
};
// Returns nothing: a function returned from these hooks would be run as a post-middleware hook.
function withFrameHeaders(server: { middlewares: Middlewares }): void {
  server.middlewares.use((req, res, next) => {
    for (const [k, v] of Object.entries(frameHeaders(req.url))) res.setHeader(k, v);
    next();
  });
}

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    {
      name: 'tsq-frame-headers',
      configureServer: withFrameHeaders,
      configurePreviewServer: withFrameHeaders,
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
