/**
 * A scenario to simulate beside a measured run, from what its metadata says:
 * the number of hosts (several: a WiFi AP with one station per host, as
 * rtt_fair's hosts each get a flow and a ping) and of flows (tcp_nup's
 * streams; a test with downloads — rrul, rrul_be, tcp_download — runs them
 * as downloads through the rrul-htb-fq-codel router), the length, the step (Flent pings once per step), the
 * congestion control, and the sender's kernel release → the newest modelled
 * era not after it. The proposal is a preset plus overrides, which the user
 * edits before running; each field says where it came from.
 */
import { ERA_IDS, type EraId } from '../sim/scenario/eras';
import { findPreset } from '../sim/scenario/presets/index';
import { flentUdpProbe } from '../sim/scenario/udp-probes';
import { fileText } from './errors';
import type { FlentRun } from './types';

export interface ProposedField {
  key: string;
  value: string;
  /** What in the file gave this value. */
  why: string;
}

export interface Proposal {
  presetId: string;
  fields: ProposedField[];
}

const versionOf = (v: string): number[] => v.split('.').map(Number);
const before = (a: number[], b: number[]): boolean => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

/** The newest era not after `release` ("4.9.11-1-ck" → 4.9; "4.11.0" → 4.9; "2.6.32" → 3.6, the oldest). */
export function eraForRelease(release: string | null): EraId | null {
  const m = release ? /^(\d+)\.(\d+)/.exec(release) : null;
  if (!m) return null;
  const v = [Number(m[1]), Number(m[2])];
  let best: EraId = ERA_IDS[0];
  for (const id of ERA_IDS) if (!before(v, versionOf(id))) best = id;
  return best;
}

/**
 * The longest run a file proposes: Flent's default test length (`flent -l`,
 * 60 s). A file can claim any LENGTH (an hour of simulated WiFi takes many
 * minutes to run), so a longer one is simulated only when asked for.
 */
export const MAX_PROPOSED_DURATION_MS = 60_000;

const CCS = ['cubic', 'bbr', 'reno'];

function ccOf(run: FlentRun): string | null {
  const p = run.testParameters;
  const fromParams = (p.tcp_cong_control ?? p.cc_algo ?? p.cc_algos ?? '').split(',')[0].trim();
  if (CCS.includes(fromParams)) return fromParams;
  const sm = run.metadata.SERIES_META;
  if (sm && typeof sm === 'object')
    for (const v of Object.values(sm as Record<string, unknown>)) {
      const cc = (v as { CONG_CONTROL?: unknown } | null)?.CONG_CONTROL;
      if (typeof cc === 'string' && CCS.includes(cc)) return cc;
    }
  return null;
}

/** The measured flows: Flent's non-computed throughput series, by direction. */
function flowCounts(run: FlentRun): { up: number; down: number; all: number } {
  const flows = run.series.filter((s) => s.kind === 'throughput' && !s.computed);
  const up = flows.filter((s) => s.direction === 'upload').length;
  const down = flows.filter((s) => s.direction === 'download').length;
  return { up, down, all: flows.length };
}

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** The uploads a wired scenario runs for the file's flows (tcp_1up, tcp_nup), and why. */
function wiredFlows(run: FlentRun): { n: number; why: string } {
  const { up, all } = flowCounts(run);
  return { n: up || all, why: `the file's ${plural(up || all, 'TCP flow')} (its throughput series)` };
}

/** The preset a test with downloads runs on: sqm's htb + fq_codel on both sides of the router. */
export const DOWNLOAD_PRESET_ID = 'rrul-htb-fq-codel';

/**
 * A test with downloads (rrul, rrul_be, tcp_download): its uploads and
 * downloads as tcp.perFlow, named as the file names them (the last word of
 * "TCP upload BE" …), unless they are rrul's four and four, which the preset
 * already runs.
 */
function bidirFlows(run: FlentRun, add: (key: string, value: string | number, why: string) => void): void {
  const flows = run.series.filter((s) => s.kind === 'throughput' && !s.computed);
  const up = flows.filter((s) => s.direction === 'upload');
  const down = flows.filter((s) => s.direction === 'download');
  const what = `the file's ${plural(up.length, 'upload')} and ${plural(down.length, 'download')} (${run.name})`;
  const preset = findPreset(DOWNLOAD_PRESET_ID)!.scenario().tcp.perFlow ?? [];
  const spec = (s: (typeof flows)[number], k: number, dir: 'up' | 'down') => ({
    ...preset[0],
    name: `${dir === 'up' ? 'upload' : 'download'} ${s.name.replace(/^TCP (upload|download)\s*/, '') || k + 1}`,
    direction: dir,
  });
  const perFlow = [...up.map((s, k) => spec(s, k, 'up')), ...down.map((s, k) => spec(s, k, 'down'))];
  const same =
    perFlow.length === preset.length &&
    perFlow.every((f, i) => f.name === preset[i].name && f.direction === preset[i].direction);
  add('tcp.flows', perFlow.length, what);
  if (!same) add('tcp.perFlow', JSON.stringify(perFlow), `${what}, each a flow of its own direction`);
}

/** Flent's UDP latency probes (rrul's "Ping (ms) UDP …"): outside a test with downloads the ICMP ping stands in for them. */
const udpProbeNames = (run: FlentRun): string[] =>
  run.series
    .filter((s) => s.kind === 'ping' && !s.computed && /\bUDP\b/.test(s.name))
    .map((s) => s.name.replace(/^Ping \(ms\)\s*/, ''));

/** A test with downloads runs the file's UDP probes beside its flows, each irtt once per step. */
function bidirProbes(
  names: string[],
  stepMs: number,
  add: (key: string, value: string, why: string) => void,
) {
  const probes = names.map((name) => ({ ...flentUdpProbe(name), intervalMs: stepMs }));
  add(
    'udpProbes',
    JSON.stringify(probes),
    names.length > 0
      ? `the file's ${plural(names.length, 'UDP latency probe')} (${names.join(', ')}), each once per STEP_SIZE`
      : 'the file has no UDP latency probe',
  );
}

export function proposeScenario(run: FlentRun): Proposal {
  const hosts = run.hosts.length;
  const ap = hosts > 1;
  const downloads = !ap && flowCounts(run).down > 0;
  const presetId = ap ? 'bench-wifi' : downloads ? DOWNLOAD_PRESET_ID : 'bench-wired';
  const base = findPreset(presetId)!.scenario();
  const fields: ProposedField[] = [];
  const add = (key: string, value: string | number, why: string) =>
    fields.push({ key, value: String(value), why });
  const lengthS = run.lengthS ?? run.xS.at(-1) ?? base.durationMs / 1000;
  const lengthFrom = run.lengthS !== null ? 'LENGTH' : run.xS.length ? 'the last x value' : 'the preset';
  const fileMs = Math.max(1000, Math.round(lengthS * 1000));
  const durationMs = Math.min(fileMs, MAX_PROPOSED_DURATION_MS);
  add(
    'durationMs',
    durationMs,
    fileMs > durationMs
      ? `${lengthFrom} ${lengthS} s in the file, longer than the ${MAX_PROPOSED_DURATION_MS / 1000} s proposed at most: give the duration (--duration ${fileMs / 1000}s on the command line) to simulate all of it`
      : `${lengthFrom} ${lengthS} s`,
  );
  add(
    'warmupMs',
    Math.min(base.warmupMs, Math.round(durationMs / 5)),
    'the preset’s warm-up, at most a fifth of the run',
  );
  const era = eraForRelease(run.kernelRelease);
  if (era) add('era', era, `KERNEL_RELEASE ${fileText(run.kernelRelease!)} in the file`);
  const cc = ccOf(run);
  if (cc) add('tcp.cc', cc, 'the congestion control the test ran');
  const pings = run.series.some((s) => s.kind === 'ping' && !s.computed);
  const stepMs = Math.round((run.stepS ?? 0.2) * 1000);
  const pingMs = pings ? stepMs : 0;
  const probeNames = udpProbeNames(run);
  const probes = probeNames.length;
  add(
    'pingIntervalMs',
    pingMs,
    (pings ? `STEP_SIZE ${stepMs / 1000} s (Flent pings once per step)` : 'no ping series') +
      (probes > 0 && !downloads
        ? `; its ${plural(probes, 'UDP latency probe')} are not simulated, the ICMP ping is`
        : ''),
  );
  if (ap) {
    const sta = base.wifi!.stations[0];
    const stations = run.hosts.map((h) => ({ ...sta, name: h }));
    add(
      'wifi.stations',
      JSON.stringify(stations),
      `the file's HOSTS: ${hosts} hosts, one station each (rates of ${sta.name})`,
    );
    add('wifi.pingIntervalMs', pingMs, 'as pingIntervalMs');
  } else if (downloads) {
    bidirFlows(run, add);
    bidirProbes(probeNames, stepMs, add);
  } else {
    const f = wiredFlows(run);
    add('tcp.flows', Math.max(1, f.n), f.why);
  }
  return { presetId, fields };
}

/** The proposal's fields as overrides (what `--set` and a scenario file hold). */
export function proposalOverrides(p: Proposal): Record<string, string> {
  return Object.fromEntries(p.fields.map((f) => [f.key, f.value]));
}
