/**
 * The <tsq-lab> web component as a library: one ES module,
 * dist/lib/tsq-lab.js, with the simulation worker inlined, and a demo page
 * beside it (dist/lib/demo.html). `vite build` builds it after the app (see
 * vite.config.ts); on its own: `npm run build:embed`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Static pages that load the element the way a blog would: one script, one tag. */
function demoPages(): Plugin {
  return {
    name: 'tsq-lab-demo-pages',
    generateBundle() {
      for (const name of ['demo.html']) {
        this.emitFile({
          type: 'asset',
          fileName: name,
          source: readFileSync(here(`src/embed/${name}`), 'utf8'),
        });
      }
    },
  };
}

export default defineConfig({
  root: here('.'),
  publicDir: false,
  logLevel: 'warn',
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  worker: { format: 'es' },
  plugins: [demoPages()],
  build: {
    target: 'es2022',
    outDir: here('dist/lib'),
    emptyOutDir: true,
    sourcemap: false,
    // A finished bundle for pages, not a package for other bundlers: minified in full
    // (library builds otherwise keep whitespace).
    rolldownOptions: { output: { minify: true } },
    chunkSizeWarningLimit: 900,
    lib: { entry: here('src/embed/lib-entry.ts'), formats: ['es'], fileName: () => 'tsq-lab.js' },
  },
});
