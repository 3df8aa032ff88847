// Builds everything the npm package ships (see "files" and "exports" in
// package.json); `npm pack` runs it as `prepack`, so a tarball always holds
// fresh builds:
//
//   dist-cli/      the `tsq-lab` command, its core and code cache, and its sweep workers (build-cli.mjs)
//   dist-sim/      `tsq-lab/sim` (src/sim/package.ts) and, when src/flent/index.ts
//                  exists, `tsq-lab/flent`: ES modules bundled by esbuild with
//                  every dependency inside, shared code in one chunk
//   dist-element/  `tsq-lab/element`: the <tsq-lab> element, one ES module with
//                  its worker inlined (vite.embed.config.ts)
//   dist-types/    .d.ts for the three, emitted by tsc (tsconfig.package.json),
//                  relative imports given their .js extension so that Node16 /
//                  NodeNext resolution in a user's project reads them
//
// Run as `prepack`, it also writes the manifest the tarball carries: package.json
// without "scripts" (they build and test from sources and scripts/ the package
// does not hold; `prepare` would make npm try to run a file that is not there).
// `postpack` runs it with --restore-manifest to put the working manifest back;
// a manifest left stripped by a failed pack is put back on the next run.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCli } from './build-cli.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const at = (p) => join(ROOT, p);
/** The Flent reader/writer is an export once its sources exist. */
export const HAS_FLENT = existsSync(at('src/flent/index.ts'));

async function buildCore() {
  const { build } = await import('esbuild');
  rmSync(at('dist-sim'), { recursive: true, force: true });
  const entryPoints = { index: 'src/sim/package.ts' };
  if (HAS_FLENT) entryPoints.flent = 'src/flent/index.ts';
  await build({
    absWorkingDir: ROOT,
    entryPoints,
    outdir: 'dist-sim',
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    format: 'esm',
    // The core runs in Node, browsers and workers alike.
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2022',
    minify: false,
    legalComments: 'none',
    logLevel: 'warning',
  });
}

async function buildElement() {
  const { build } = await import('vite');
  await build({
    configFile: at('vite.embed.config.ts'),
    build: { outDir: at('dist-element') },
  });
}

/** './x' → './x.js' or './x/index.js', as the emitted file beside it is named. */
function withJsExtensions(file) {
  const dir = dirname(file);
  const fix = (spec) => {
    if (!spec.startsWith('.') || spec.endsWith('.js')) return spec;
    const target = resolve(dir, spec);
    if (existsSync(`${target}.d.ts`)) return `${spec}.js`;
    if (existsSync(join(target, 'index.d.ts'))) return `${spec}/index.js`;
    throw new Error(`${file}: cannot resolve ${spec}`);
  };
  const text = readFileSync(file, 'utf8');
  const out = text
    .replace(/(\bfrom\s*)(['"])([^'"]+)\2/g, (_, a, q, s) => a + q + fix(s) + q)
    .replace(/(\bimport\(\s*)(['"])([^'"]+)\2/g, (_, a, q, s) => a + q + fix(s) + q);
  if (out !== text) writeFileSync(file, out);
}

function walk(dir, f) {
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) walk(p, f);
    else if (p.endsWith('.d.ts')) f(p);
  }
}

function buildTypes() {
  rmSync(at('dist-types'), { recursive: true, force: true });
  const tsc = at('node_modules/typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', at('tsconfig.package.json')], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('tsc -p tsconfig.package.json failed');
  walk(at('dist-types'), withJsExtensions);
}

const MANIFEST = at('package.json');
/** The working manifest while the packed one is in its place. */
const WORKING_MANIFEST = at('.package.json.working');

/** Puts the working manifest back, if a pack had replaced it. */
export function restoreManifest() {
  if (existsSync(WORKING_MANIFEST)) renameSync(WORKING_MANIFEST, MANIFEST);
}

/** package.json as the tarball carries it: no scripts (none can run from the package). */
function writePackedManifest() {
  const text = readFileSync(MANIFEST, 'utf8');
  writeFileSync(WORKING_MANIFEST, text);
  const packed = JSON.parse(text);
  delete packed.scripts;
  writeFileSync(MANIFEST, `${JSON.stringify(packed, null, 2)}\n`);
}

if (process.argv.includes('--restore-manifest')) restoreManifest();
else {
  restoreManifest();
  await buildCli();
  await buildCore();
  await buildElement();
  buildTypes();
  console.log(
    `package artifacts built: dist-cli, dist-sim${HAS_FLENT ? ' (with flent)' : ''}, dist-element, dist-types`,
  );
  if (process.env.npm_lifecycle_event === 'prepack') writePackedManifest();
}
