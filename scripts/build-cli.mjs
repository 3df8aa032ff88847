// Bundles the CLI into dist-cli/, self-contained for Node 20 with nothing left
// to compile or resolve at run time (not the 0.4–1 s of compiling TypeScript
// with tsx):
//   tsq-lab.cjs         the command, with a shebang (src/cli/launch.ts): sets
//                       V8's flags and loads the core with its code cache
//   tsq-lab-core.cjs    the CLI and the simulation core (src/cli/core-entry.ts)
//   tsq-lab-core.cjs.cache
//                       V8's code cache of the core after short wired and WiFi
//                       runs (written by the launcher, TSQ_LAB_WRITE_CODE_CACHE)
//   tsq-lab-worker.cjs  the sweep workers' entry (src/cli/pool-worker.ts)
//
//   node scripts/build-cli.mjs            build (npm ci runs it as `prepare`)
//   node scripts/build-cli.mjs --if-stale build only when a source is newer
//
// `npm run sim` (scripts/sim.cjs) rebuilds a stale bundle before it runs; the
// files and the staleness check are in scripts/cli-files.cjs.
import { execFileSync } from 'node:child_process';
import { chmodSync, rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import files from './cli-files.cjs';

const { ROOT, OUT_DIR, CLI_BUNDLE, WORKER_BUNDLE, CORE_BUNDLE } = files;
// What the bundle's test reads through this module.
export const { CLI_FILES, CODE_CACHE, isStale } = files;

export async function buildCli() {
  const { build } = await import('esbuild');
  const common = {
    absWorkingDir: ROOT,
    bundle: true,
    // CommonJS: an ES module entry would start Node's ES module loader (see src/cli/launch.ts).
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    // Minified: V8 holds and parses less source, so a run peaks about 2 MB lower
    // in RSS (a 20 s bench-wifi run: 61.4 → 59.4 MB). Stack traces and profiles
    // map back to src/ through the linked source map (node --enable-source-maps;
    // DevTools reads it for a --cpu-prof profile).
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  };
  // The core finds its sweep workers beside itself (src/cli/pool.ts), by its own file's URL.
  const ownUrl = {
    define: { 'import.meta.url': '__tsqCoreUrl' },
    banner: { js: 'var __tsqCoreUrl=require("node:url").pathToFileURL(__filename).href;' },
  };
  // Every file is made anew: nothing of an earlier layout stays behind.
  rmSync(OUT_DIR, { recursive: true, force: true });
  await Promise.all([
    build({
      ...common,
      entryPoints: ['src/cli/launch.ts'],
      outfile: CLI_BUNDLE,
      banner: { js: '#!/usr/bin/env node' },
    }),
    build({ ...common, ...ownUrl, entryPoints: ['src/cli/core-entry.ts'], outfile: CORE_BUNDLE }),
    build({ ...common, ...ownUrl, entryPoints: ['src/cli/pool-worker.ts'], outfile: WORKER_BUNDLE }),
  ]);
  chmodSync(CLI_BUNDLE, 0o755);
  writeCodeCache();
}

/**
 * Runs the launcher's code cache runs in a process of its own, which writes
 * CODE_CACHE. The cache only saves compiling: if it cannot be written, the
 * command still works, so the build says so and goes on.
 */
function writeCodeCache() {
  try {
    rmSync(CODE_CACHE, { force: true });
    execFileSync(process.execPath, [CLI_BUNDLE], {
      env: { ...process.env, TSQ_LAB_WRITE_CODE_CACHE: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } catch (e) {
    const why = String(e.stderr ?? e.message)
      .trim()
      .split('\n')
      .slice(-1)[0];
    process.stderr.write(
      `warning: the CLI's code cache was not written (${why}); the CLI compiles its core as it starts\n`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ifStale = process.argv.includes('--if-stale');
  if (!ifStale || isStale()) await buildCli();
}
