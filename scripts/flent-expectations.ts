/**
 * Writes test/fixtures/flent/expected.json from Debian's Flent (2.1.1): for
 * each real data file, `flent -i FILE -f csv` (the interpolated series:
 * count, length and a few values) and `flent -i FILE -f summary` (mean,
 * median and 99th percentile per series). The reader's tests check against
 * it, so Flent itself is the reference. Run once after changing the fixtures:
 *
 *   bash scripts/ensure-flent.sh && npx tsx scripts/flent-expectations.ts
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = 'test/fixtures/flent';
const flent = (file: string, format: string): string =>
  execFileSync('flent', ['-i', file, '-f', format], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });

/** Splits a CSV line with Python's csv quoting (names may hold commas). */
function cells(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let q = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (q && c === '"' && line[i + 1] === '"') {
      cur += '"';
      i++;
    } else if (c === '"') q = !q;
    else if (c === ',' && !q) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

function csvExpectations(file: string) {
  const lines = flent(file, 'csv')
    .trim()
    .split('\n')
    .filter((l) => !l.startsWith('Starting Flent'));
  const head = cells(lines[0]);
  const rows = lines.slice(1).map(cells);
  const names = head.slice(1).sort();
  // A few series, spread over the list, with their first non-empty values.
  const picks = [0, Math.floor(names.length / 3), Math.floor((2 * names.length) / 3), names.length - 1];
  const samples = [...new Set(picks)].map((i) => {
    const col = head.indexOf(names[i]);
    const values: [number, number][] = [];
    rows.forEach((r, k) => {
      if (values.length < 5 && r[col] !== '') values.push([k, Number(r[col])]);
    });
    return { series: names[i], values };
  });
  return { test: head[0], seriesCount: names.length, length: rows.length, samples };
}

function summaryExpectations(file: string) {
  const stats: Record<string, [string, string, string]> = {};
  for (const l of flent(file, 'summary').split('\n')) {
    const m = /^ (.+?)\s+:\s+(\S+)\s+(\S+)\s+(\S+)/.exec(l);
    if (m) stats[m[1].trim()] = [m[2], m[3], m[4]];
  }
  return stats;
}

const out: Record<string, unknown> = {};
for (const f of readdirSync(dir)
  .filter((n) => n.endsWith('.flent.gz'))
  .sort()) {
  const p = join(dir, f);
  out[f] = { csv: csvExpectations(p), summary: summaryExpectations(p) };
}
writeFileSync(join(dir, 'expected.json'), JSON.stringify(out, null, 1) + '\n');
