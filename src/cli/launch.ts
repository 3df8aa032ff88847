/**
 * The `tsq-lab` command as the bundle runs it (dist-cli/tsq-lab.cjs): V8's
 * flags first, then the CLI's core (tsq-lab-core.cjs) compiled with V8's
 * code cache (tsq-lab-core.cjs.cache), so the functions a run calls start as
 * the bytecode a short run compiled when the bundle was built, instead of
 * being parsed and compiled on their first call. A cache V8 rejects
 * (another Node or V8, other flags, another core) is ignored: the core then
 * compiles as it would without one.
 *
 * With TSQ_LAB_WRITE_CODE_CACHE=1 in the environment, the launcher instead
 * runs CODE_CACHE_RUNS (their output is the caller's to discard) and writes
 * the cache; scripts/build-cli.mjs does that after bundling. With
 * TSQ_LAB_CODE_CACHE_REPORT=1 it says on stderr whether V8 took the cache.
 *
 * It is CommonJS, as the core is: an ES module entry starts Node's ES module
 * loader, which reads files through libuv's thread pool, so the command
 * would start four more threads and peak about 2 MB higher for nothing.
 */
import './v8-flags';
import { readFileSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { join } from 'node:path';
import { Script } from 'node:vm';

/** The bundle's folder: the launcher is bundled as CommonJS (scripts/build-cli.mjs). */
declare const __dirname: string;

/** What the core bundle (src/cli/core-entry.ts) exports. */
interface Core {
  cliMain(argv: string[]): Promise<number>;
  quietOnClosedPipe(): void;
}

/** The runs whose compiled functions the cache holds: the wired path, the WiFi path, the table printer. */
const CODE_CACHE_RUNS = [
  ['bench-wired', '--duration', '300ms', '--format', 'json'],
  ['bench-wifi', '--duration', '300ms', '--format', 'json'],
  ['bench-wired', '--duration', '50ms'],
];

const dir = __dirname;
const corePath = join(dir, 'tsq-lab-core.cjs');
const cachePath = `${corePath}.cache`;

function readCache(): Buffer | undefined {
  try {
    return readFileSync(cachePath);
  } catch {
    return undefined; // none: the core compiles as usual
  }
}

/** Evaluates the core as Node would a CommonJS module, with the cache when there is one. */
function loadCore(cachedData: Buffer | undefined): { core: Core; script: Script } {
  const script = new Script(Module.wrap(readFileSync(corePath, 'utf8')), { filename: corePath, cachedData });
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  const mod = { exports: {} as Core };
  wrapper.call(mod.exports, mod.exports, createRequire(corePath), mod, corePath, dir);
  return { core: mod.exports, script };
}

async function writeCodeCache(): Promise<void> {
  const { core, script } = loadCore(undefined);
  for (const argv of CODE_CACHE_RUNS) {
    const code = await core.cliMain(argv);
    if (code !== 0) throw new Error(`the code cache run ${argv.join(' ')} exited ${code}`);
  }
  writeFileSync(cachePath, script.createCachedData());
}

function runCommand(): void {
  const cache = readCache();
  const { core, script } = loadCore(cache);
  if (process.env.TSQ_LAB_CODE_CACHE_REPORT === '1')
    process.stderr.write(
      `code cache: ${!cache ? 'none' : script.cachedDataRejected ? 'rejected' : 'used'}\n`,
    );
  core.quietOnClosedPipe();
  void core.cliMain(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}

if (process.env.TSQ_LAB_WRITE_CODE_CACHE === '1')
  writeCodeCache().catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  });
else runCommand();
