/**
 * Behaviour fingerprint for performance work: runs every preset's default
 * scenario (frames on, so the recorder is covered too) and every run of its
 * published table, for a short simulated time with seed 1, and prints a hash
 * of the summary (and of the frames) plus the event count. An optimisation
 * must leave this output byte-identical. A preset with a router runs once more
 * with one event per segment on the wire into and out of it (`/segment`, the scenario's
 * granularity), so both paths stay guarded.
 *
 *   npx tsx bench/fingerprint.ts > /tmp/fp-after.txt && diff /tmp/fp-base.txt /tmp/fp-after.txt
 */
import { createHash } from 'node:crypto';
import type { Frame } from '../src/sim/api';
import { NS_PER_MS } from '../src/sim/engine/time';
import { buildModel } from '../src/sim/run';
import { PRESETS } from '../src/sim/scenario/presets/index';
import type { Scenario } from '../src/sim/scenario/scenario';
import { applyOverrides } from '../src/sim/scenario/validate';

/** The 40 Gbit/s GSO preset is heavy; a short window still covers every path it has. */
const SHORT_MS: Record<string, number> = { 'gso-always-on': 300 };
const DEFAULT_MS = 1500;

const hash = (s: string): string => createHash('sha256').update(s).digest('hex').slice(0, 16);

function frameText(f: Frame): string {
  const parts: string[] = [String(f.nowNs)];
  const arr = (a: Float64Array): string => Array.from(a).join(',');
  parts.push(arr(f.tNs));
  for (const k of Object.keys(f.cols).sort()) parts.push(k, arr(f.cols[k]));
  parts.push(
    arr(f.aggT),
    arr(f.aggN),
    arr(f.aggNode),
    arr(f.pingT),
    arr(f.pingMs),
    arr(f.pingSta),
    arr(f.throttled),
  );
  parts.push(JSON.stringify(f.changes));
  return parts.join('|');
}

function run(label: string, sc: Scenario, ms: number, frames: boolean): void {
  const m = buildModel(sc, 1, frames);
  let fh = '';
  if (frames) {
    // Take frames in a few slices, as a host would.
    const parts: string[] = [];
    const slices = 5;
    for (let i = 1; i <= slices; i++) {
      m.sim.runUntil(Math.round((ms * i) / slices) * NS_PER_MS);
      parts.push(frameText(m.recorder.takeFrame(m.sim.nowNs)));
    }
    fh = ` frames=${hash(parts.join('#'))}`;
  } else {
    m.sim.runUntil(ms * NS_PER_MS);
  }
  // The event count has its own column: the summary hash covers the results alone.
  const summary = JSON.stringify({ ...m.summary(), events: undefined });
  console.log(
    `${label.padEnd(48)} events=${String(m.sim.eventsRun).padStart(9)} summary=${hash(summary)}${fh}`,
  );
}

const only = process.argv[2];
for (const p of PRESETS) {
  if (only && p.id !== only) continue;
  const ms = SHORT_MS[p.id] ?? DEFAULT_MS;
  const base = p.scenario();
  run(p.id, base, ms, true);
  for (const r of p.table?.runs ?? []) run(`${p.id}/${r.id}`, applyOverrides(base, r.set), ms, false);
  if (p.id === 'bench-wired')
    run('bench-wired/pfifo_fast', applyOverrides(base, { 'router.qdisc.kind': 'pfifo_fast' }), ms, false);
  if (base.router) run(`${p.id}/segment`, { ...base, granularity: 'segment' }, ms, true);
}
