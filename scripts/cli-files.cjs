// The CLI bundle's files (scripts/build-cli.mjs writes them) and whether they
// are older than their sources. CommonJS, so that `npm run sim`
// (scripts/sim.cjs) can check before it runs without starting Node's ES
// module loader; build-cli.mjs imports the same names.
const { existsSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const OUT_DIR = join(ROOT, 'dist-cli');
const CLI_BUNDLE = join(OUT_DIR, 'tsq-lab.cjs');
const WORKER_BUNDLE = join(OUT_DIR, 'tsq-lab-worker.cjs');
const CORE_BUNDLE = join(OUT_DIR, 'tsq-lab-core.cjs');
const CODE_CACHE = `${CORE_BUNDLE}.cache`;
/** Every file the command needs (the code cache is not one: without it the core compiles as usual). */
const CLI_FILES = [CLI_BUNDLE, CORE_BUNDLE, WORKER_BUNDLE];
/** What the bundle is made of: a change to any of these makes it stale. */
const SOURCES = [
  'src/cli',
  'src/sim',
  'src/flent',
  'scripts/build-cli.mjs',
  'scripts/cli-files.cjs',
  'package.json',
];

function newestMtimeMs(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let t = st.mtimeMs;
  for (const e of readdirSync(path)) t = Math.max(t, newestMtimeMs(join(path, e)));
  return t;
}

/** True when a bundle is missing or older than one of its sources. */
function isStale() {
  if (!CLI_FILES.every((f) => existsSync(f))) return true;
  const built = Math.min(...CLI_FILES.map((f) => statSync(f).mtimeMs));
  return SOURCES.some((s) => newestMtimeMs(join(ROOT, s)) > built);
}

module.exports = { ROOT, OUT_DIR, CLI_BUNDLE, WORKER_BUNDLE, CORE_BUNDLE, CODE_CACHE, CLI_FILES, isStale };
