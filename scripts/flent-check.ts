/**
 * The Flent layer of the test command: for each reference preset, a short
 * simulated run written with `npm run sim -- <preset> --flent FILE` is read by
 * Debian's Flent (`flent -i FILE -f summary`), and every median Flent prints
 * must equal the one TSQ Lab reports for that series (to Flent's two
 * decimals); `flent -i FILE -p ping_cdf` must draw (`-p totals` for a scene
 * without pings: Flent's tcp_1up_noping has no ping plot). Prints one line per
 * check and "N passed, N failed"; exits 1 on any failure.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRESETS } from '../src/sim/scenario/presets/index';

/** Short runs: the whole layer takes well under a minute on a busy machine. */
const DURATION: Record<string, string> = { 'gso-always-on': '2s', 'ath9k-intermediate-queues': '6s' };
const dir = mkdtempSync(join(tmpdir(), 'tsq-flent-'));
let passed = 0;
let failed = 0;
const check = (ok: boolean, what: string, detail = ''): void => {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? `: ${detail}` : ''}`);
};

interface Median {
  name: string;
  median: number;
}

/** Flent's summary lines: name → printed median (NaN for N/A). */
function flentMedians(file: string): Map<string, number> {
  const text = execFileSync('flent', ['-i', file, '-f', 'summary'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  process.stdout.write(text.replace(/^Starting Flent.*\n/m, ''));
  const out = new Map<string, number>();
  for (const l of text.split('\n')) {
    const m = /^ (.+?)\s+:\s+(\S+)\s+(\S+)\s+/.exec(l);
    if (m) out.set(m[1].trim(), m[3] === 'N/A' ? NaN : Number(m[3]));
  }
  return out;
}

for (const p of PRESETS.filter((x) => x.table)) {
  const file = join(dir, `${p.id}.flent.gz`);
  const dur = DURATION[p.id] ?? '4s';
  let ours: { test: string; medians: Median[] };
  try {
    const json = execFileSync(
      'npx',
      ['tsx', 'src/cli/main.ts', p.id, '--duration', dur, '--flent', file, '--format', 'json'],
      {
        encoding: 'utf8',
      },
    );
    ours = JSON.parse(json) as { test: string; medians: Median[] };
  } catch (e) {
    check(false, `${p.id}: npm run sim -- ${p.id} --flent`, (e as Error).message);
    continue;
  }
  console.log(`\n${p.id} (${dur}, Flent test ${ours.test}): TSQ Lab's medians`);
  for (const m of ours.medians) console.log(`  ${m.name.padEnd(40)} ${m.median.toFixed(2)}`);
  let theirs: Map<string, number>;
  try {
    theirs = flentMedians(file);
  } catch (e) {
    check(false, `${p.id}: flent -i -f summary`, (e as Error).message);
    continue;
  }
  for (const m of ours.medians) {
    const f = theirs.get(m.name);
    const ok = f !== undefined && Math.abs(f - m.median) <= 0.005 + 1e-9 * Math.abs(m.median);
    check(ok, `${p.id}: median of ${m.name}`, `Flent ${f ?? 'missing'}, TSQ Lab ${m.median.toFixed(4)}`);
  }
  // Every series Flent gives a median is one TSQ Lab reports (Flent's own sums and averages have none).
  const extra = [...theirs].filter(([n, v]) => Number.isFinite(v) && !ours.medians.some((m) => m.name === n));
  check(
    extra.length === 0,
    `${p.id}: every series with a median is TSQ Lab's`,
    extra.map(([n]) => n).join(', '),
  );
  const plot = ours.medians.some((m) => m.name.startsWith('Ping')) ? 'ping_cdf' : 'totals';
  const png = join(dir, `${p.id}-${plot}.png`);
  try {
    execFileSync('flent', ['-i', file, '-p', plot, '-o', png], { stdio: 'ignore' });
    check(statSync(png).size > 1000, `${p.id}: flent -p ${plot} draws`, `${statSync(png).size} bytes`);
  } catch (e) {
    check(false, `${p.id}: flent -p ${plot} draws`, (e as Error).message);
  }
}
rmSync(dir, { recursive: true, force: true });
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
