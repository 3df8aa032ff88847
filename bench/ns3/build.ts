/**
 * Builds what the side-by-side benchmark runs: the ns-3 programs of
 * bench/ns3/*.cc against Debian's ns-3 (installed by scripts/ensure-ns3.sh
 * when missing), the CLI bundle (scripts/build-cli.mjs) and TSQ Lab's
 * simulation-only runner (./tsq-run.ts, bundled the same way), all into
 * dist-bench-ns3/ (git-ignored). Rebuilds only what is older than its source.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const OUT = 'dist-bench-ns3';
const HERE = fileURLToPath(new URL('.', import.meta.url));

/** The libraries each program links: ns-3 registers its types from static initialisers, so none may be dropped. */
const CORE = [
  'core',
  'network',
  'internet',
  'point-to-point',
  'traffic-control',
  'applications',
  'internet-apps',
];
const PROGRAMS: Record<string, string[]> = {
  'wired-bulk': CORE,
  'wifi-ap': [...CORE, 'wifi', 'mobility', 'propagation'],
};

export interface Built {
  programs: Record<string, string>;
  tsqRun: string;
  cli: string;
  ns3Version: string;
  compiler: string;
}

const newer = (src: string[], out: string): boolean =>
  !existsSync(out) || src.some((s) => statSync(s).mtimeMs > statSync(out).mtimeMs);

function run(cmd: string, args: string[], what: string): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.status !== 0)
    throw new Error(`${what} failed:\n${r.stdout ?? ''}${r.stderr ?? r.error?.message ?? ''}`);
  return r.stdout;
}

function version(cmd: string, args: string[], pick: RegExp): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  return pick.exec(`${r.stdout}${r.stderr}`)?.[1] ?? '?';
}

export async function buildAll(log: (s: string) => void): Promise<Built> {
  run('bash', ['scripts/ensure-ns3.sh'], 'installing ns-3');
  mkdirSync(OUT, { recursive: true });
  const programs: Record<string, string> = {};
  for (const [name, libs] of Object.entries(PROGRAMS)) {
    const src = join(HERE, `${name}.cc`);
    const out = join(OUT, name);
    programs[name] = out;
    if (!newer([src, join(HERE, 'stats.h')], out)) continue;
    log(`compiling ${name}.cc against ns-3`);
    const link = ['-Wl,--no-as-needed', ...libs.map((l) => `-lns3-${l}`)];
    run('g++', ['-O2', '-std=c++17', '-o', out, src, ...link], `g++ ${name}.cc`);
  }
  const { build } = await import('esbuild');
  const tsqRun = join(OUT, 'tsq-run.mjs');
  await build({
    entryPoints: [join(HERE, 'tsq-run.ts')],
    outfile: tsqRun,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
  });
  const cli = 'dist-cli/tsq-lab.cjs';
  run(process.execPath, ['scripts/build-cli.mjs', '--if-stale'], 'building the CLI bundle');
  const ns3Version = version('dpkg-query', ['-W', '-f=${Version}', 'libns3-dev'], /^(\S+)/);
  const compiler = version('g++', ['--version'], /^(.*)$/m);
  return { programs, tsqRun, cli, ns3Version, compiler };
}

/** For the report: the first line of each program's header comment, to show what it is. */
export function programTitle(name: string): string {
  const src = readFileSync(join(HERE, `${name}.cc`), 'utf8');
  return /^\/\/ (.*)$/m.exec(src)?.[1] ?? name;
}
