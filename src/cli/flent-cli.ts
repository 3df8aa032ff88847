/**
 * The CLI's Flent side: `--flent out.flent.gz` writes the run as a Flent
 * data file and lists each series with the median TSQ Lab reports for it
 * (what `flent -i out.flent.gz -f summary` must print); `--compare
 * FILE.flent.gz` reads a measured run and sets its medians beside the
 * simulated ones, and without a preset simulates the scenario the file
 * proposes. I/O is injected, as in commands.ts.
 */
import { fileText } from '../flent/errors';
import {
  FlentFileError,
  flentSummary,
  readFlent,
  simToFlent,
  writeFlent,
  type FlentRun,
  type SeriesMedian,
} from '../flent/index';
import { proposalOverrides, proposeScenario, type ProposedField } from '../flent/propose';
import { pairedMedian, pairSeries } from '../flent/pair';
import { runScenarioSteps } from '../sim/run';
import { findPreset } from '../sim/scenario/presets/index';
import type { Scenario } from '../sim/scenario/scenario';
import { escapeControls, escapeJsonControls } from '../sim/scenario/escape';
import { applyOverrides, keyText, ScenarioError } from '../sim/scenario/validate';
import type { CliArgs } from './args';

/** Flent's default step, the interval its runners report at. */
export const FLENT_STEP_MS = 200;

export interface FlentIo {
  readBytes: (path: string) => Uint8Array;
  writeBytes: (path: string, bytes: Uint8Array) => void;
  nowMs: () => number;
  /** Names the program in the file's NOTE. */
  producer: string;
}

/** Text from a file or an argument as the terminal gets it: control characters escaped (as titles are). */
const safe = escapeControls;

/** A refused value the file proposed (not one given with --set) says where in the file it came from. */
function withSource(message: string, fields: ProposedField[], set: Record<string, string>): string {
  const names = (x: ProposedField) => message.startsWith(x.key) && !/\w/.test(message[x.key.length] ?? '');
  const f = fields.find((x) => !(x.key in set) && names(x));
  return f
    ? `${message} (proposed from the file: ${safe(f.why)}; give another with --set ${f.key}=…)`
    : message;
}

/** Reads a measured file for --compare; a bad one is an Error naming the file and what is wrong. */
export function readMeasured(path: string, io: FlentIo): FlentRun {
  let bytes: Uint8Array;
  try {
    bytes = io.readBytes(path);
  } catch {
    throw new Error(`--compare: cannot read ${keyText(path)}`);
  }
  try {
    return readFlent(bytes);
  } catch (e) {
    const why = e instanceof FlentFileError ? e.message : String(e);
    throw new Error(`--compare ${keyText(path)}: ${why}`, { cause: e });
  }
}

/** The scenario a measured file proposes (bench-wired or bench-wifi with overrides), for --compare alone. */
export function proposedScenario(
  run: FlentRun,
  set: Record<string, string>,
  givenDurationMs: number | null = null,
): { scenario: Scenario; presetId: string; note: string } {
  const p = proposeScenario(run);
  let scenario: Scenario;
  try {
    scenario = applyOverrides(findPreset(p.presetId)!.scenario(), { ...proposalOverrides(p), ...set });
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    throw new ScenarioError(e.errors.map((m) => withSource(m, p.fields, set)));
  }
  const lines = p.fields.map((f) =>
    // --duration on the command line wins over the file's LENGTH: say so instead of proposing it.
    f.key === 'durationMs' && givenDurationMs !== null
      ? `  --duration ${givenDurationMs / 1000}s   (given on the command line, instead of the ${safe(f.value)} ms proposed)`
      : `  --set ${f.key}=${f.value.length > 50 ? `${safe(f.value.slice(0, 47))}…` : safe(f.value)}   (${safe(f.why)})`,
  );
  return {
    scenario,
    presetId: p.presetId,
    note: `proposed from the file: ${p.presetId}\n${lines.join('\n')}\n`,
  };
}

const fmt = (v: number): string => (Number.isFinite(v) ? v.toFixed(2) : '-');

function table(rows: string[][]): string {
  const w = rows[0].map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return (
    rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(w[i]) : c.padStart(w[i]))).join('  ')).join('\n') +
    '\n'
  );
}

function mediansText(path: string, test: string, medians: SeriesMedian[]): string {
  const rows = [['series', 'median', 'unit', 'TSQ Lab source']];
  for (const m of medians) rows.push([m.name, fmt(m.median), m.units, m.source]);
  return `wrote ${safe(path)} (Flent test ${test})\n${table(rows)}`;
}

function compareText(measured: FlentRun, simulated: SeriesMedian[]): string {
  const stats = flentSummary(measured);
  const rows = [['measured series', 'measured', 'simulated', 'simulated series', 'unit']];
  // Paired by meaning, as the explorer's medians: what the table cannot say goes below it, once.
  const notes = new Set<string>();
  for (const p of pairSeries(measured.series, simulated)) {
    const m = pairedMedian(p.measured, stats.find((s) => s.name === p.measured.name)?.median);
    if (m.note) notes.add(`* ${m.note}`);
    if (p.why) notes.add(`- beside a flow: ${p.why}; the totals are compared`);
    rows.push([
      fileText(p.measured.name, 80),
      `${fmt(m.median)}${m.note ? '*' : ''}`,
      p.simulated ? fmt(p.simulated.median) : '-',
      p.simulated?.name ?? '-',
      fileText(p.measured.units, 20),
    ]);
  }
  const when = measured.timeMs !== null ? new Date(measured.timeMs).toISOString().slice(0, 10) : 'undated';
  const host = measured.host !== null ? fileText(measured.host) : 'unknown host';
  const foot = [...notes].map((n) => `${n}\n`).join('');
  return `measured: Flent ${fileText(measured.name)}, ${host}, ${when}; medians\n${table(rows)}${foot}`;
}

/** Runs `sc` with per-step samples and writes and/or compares. Returns the exit code. */
export function runFlentCli(
  args: CliArgs,
  sc: Scenario,
  presetId: string | null,
  measured: FlentRun | null,
  io: FlentIo,
  out: (s: string) => void,
): number {
  const { summary, steps } = runScenarioSteps(sc, args.seed, FLENT_STEP_MS);
  const made = simToFlent({
    scenario: sc,
    seed: args.seed,
    presetId,
    summary,
    steps,
    timeMs: io.nowMs(),
    producer: io.producer,
  });
  if (args.flent) {
    try {
      io.writeBytes(args.flent, writeFlent(made.input));
    } catch (e) {
      throw new Error(`--flent: cannot write ${keyText(args.flent)} (${(e as Error).message})`, { cause: e });
    }
  }
  if (args.format === 'json') {
    // JSON escapes the C0 controls of the file's names; DEL and the C1 controls (8-bit CSI) too.
    out(
      escapeJsonControls(
        JSON.stringify(
          {
            file: args.flent,
            test: made.input.name,
            medians: made.medians,
            ...(measured ? { measured: flentSummary(measured) } : {}),
          },
          null,
          2,
        ),
      ) + '\n',
    );
    return 0;
  }
  if (args.flent) out(mediansText(args.flent, made.input.name, made.medians));
  if (measured) out(compareText(measured, made.medians));
  return 0;
}
