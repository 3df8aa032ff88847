/**
 * What --compare prints of a file it did not write: the file's names pass
 * through the same escaping as titles (no ESC, BEL or NUL reaches the
 * terminal), a refused proposal says which of the file's values it came
 * from, and a long LENGTH is proposed at most MAX_PROPOSED_DURATION_MS.
 */
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MAX_PROPOSED_DURATION_MS } from '../flent/propose';
import { parseArgs } from './args';
import { runCli } from './commands';
import { proposedScenario } from './flent-cli';
import { readFlent } from '../flent/read';
import { isControl } from '../sim/scenario/escape';

/** C0 controls but the newline, DEL and the C1 controls: what must not reach a terminal raw. */
const rawControls = (s: string): string[] => [...s].filter((c) => c !== '\n' && isControl(c.charCodeAt(0)));
const HOSTILE = 'a\u001b[2J\u001b]0;title\u0007\u0000\u009b31m';

function flentJson(patch: { metadata?: object; results?: object; x_values?: number[] } = {}): object {
  return {
    version: 4,
    x_values: patch.x_values ?? [0, 0.2, 0.4],
    results: patch.results ?? { 'TCP upload': [900, 940, 950] },
    raw_values: {},
    metadata: {
      NAME: 'tcp_1up',
      T0: '2020-01-01T00:00:00.000000Z',
      LENGTH: 1,
      STEP_SIZE: 0.2,
      ...patch.metadata,
    },
  };
}

async function compare(file: string | object, ...argv: string[]) {
  const bytes = strToU8(typeof file === 'string' ? file : JSON.stringify(file));
  const io = {
    readBytes: () => bytes,
    writeBytes: () => {},
    nowMs: () => Date.UTC(2026, 0, 1),
    producer: 'test',
  };
  let out = '';
  const code = await runCli(
    parseArgs([...argv, '--compare', 'm.flent']),
    () => '',
    (s) => (out += s),
    null,
    io,
  );
  return { code, out };
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => '',
    (e: Error) => e.message,
  );

describe('--compare with control characters in the file', () => {
  const hostile = flentJson({
    metadata: {
      NAME: `tcp_1up${HOSTILE}`,
      HOST: `host${HOSTILE}`,
      KERNEL_RELEASE: `5.4.0${HOSTILE}`,
      SERIES_META: { [`TCP upload${HOSTILE}`]: { UNITS: `Mbits/s${HOSTILE}` } },
    },
    results: { [`TCP upload${HOSTILE}`]: [900, 940, 950] },
  });

  it('prints NAME, HOST, series names and units escaped, as a table and as JSON', async () => {
    const table = await compare(hostile, 'bench-wired', '--duration', '300ms');
    expect(table.out).toContain(
      'measured: Flent tcp_1upa\\u001b[2J\\u001b]0;title\\u0007\\u0000\\u009b31m, host',
    );
    expect(rawControls(table.out)).toEqual([]);
    const json = await compare(hostile, 'bench-wired', '--duration', '300ms', '--format', 'json');
    expect(rawControls(json.out)).toEqual([]);
    expect(JSON.parse(json.out).measured[0].name).toBe(`TCP upload${HOSTILE}`);
  });

  it('prints the proposal from the file escaped', async () => {
    const { out } = await compare(hostile, '--duration', '300ms');
    expect(out).toContain('KERNEL_RELEASE 5.4.0a\\u001b[2J');
    expect(rawControls(out)).toEqual([]);
  });

  it('quotes a JSON parse error of the file with its control characters escaped', async () => {
    const m = await failure(compare('{"a":\u001b[2J\u0007\u0000}', 'bench-wired'));
    expect(m).toContain('not JSON');
    expect(m).toContain('\\u001b');
    expect(rawControls(m)).toEqual([]);
  });
});

describe('--compare proposes a scenario from the file', () => {
  it('says a refused value came from the file, and from what in it', async () => {
    const n = 10_000;
    const results = Object.fromEntries(Array.from({ length: n }, (_, i) => [`TCP upload::${i + 1}`, [1]]));
    const m = await failure(compare(flentJson({ x_values: [0], results }), '--duration', '300ms'));
    expect(m).toMatch(
      new RegExp(
        `^tcp\\.flows = ${n} is not allowed.*\\(proposed from the file: the file's ${n} TCP flows`,
        'm',
      ),
    );
    expect(m).toContain('give another with --set tcp.flows=');
  });

  it('a flow count given with --set is not said to come from the file', async () => {
    const m = await failure(compare(flentJson(), '--set', 'tcp.flows=100000', '--duration', '300ms'));
    expect(m).toMatch(/^tcp\.flows = 100000 is not allowed/m);
    expect(m).not.toContain('proposed from the file');
  });

  it('proposes at most a minute of a long LENGTH, and says how to run all of it', () => {
    const run = readFlent(strToU8(JSON.stringify(flentJson({ metadata: { LENGTH: 3600 } }))));
    expect(MAX_PROPOSED_DURATION_MS).toBe(60_000);
    expect(proposedScenario(run, {}).note).toContain(
      '--set durationMs=60000   (LENGTH 3600 s in the file, longer than the 60 s proposed at most: give the duration (--duration 3600s on the command line) to simulate all of it)',
    );
  });

  it('names a --duration given on the command line instead of proposing the file’s LENGTH', async () => {
    const { out } = await compare(flentJson({ metadata: { LENGTH: 3600 } }), '--duration', '300ms');
    expect(out).toContain('--duration 0.3s   (given on the command line, instead of the 60000 ms proposed)');
    expect(out).not.toContain('--set durationMs=');
  });
});

describe('--compare pairs by meaning', () => {
  it('a run of one flow beside four: the sum with the one flow, no flow’s cwnd with it, flows by number', async () => {
    const flows = ['1', '2', '3', '10'];
    const results: Record<string, number[]> = { 'TCP upload sum': [40, 40, 40] };
    for (const f of flows) {
      results[`TCP upload::${f}`] = [10, 10, 10];
      results[`TCP upload::${f}::tcp_cwnd`] = [20, 20, 20];
    }
    const file = flentJson({ metadata: { NAME: 'tcp_nup' }, results });
    const { out } = await compare(file, 'bench-wired', '--duration', '1s');
    const row = (name: string) => out.split('\n').find((l) => l.startsWith(`${name} `))!;
    expect(row('TCP upload sum')).toMatch(/40\.00\*?\s+\d+\.\d+\s+TCP upload\s/);
    expect(row('TCP upload::1::tcp_cwnd')).toMatch(/20\.00\s+-\s+-/);
    expect(out).toContain('the simulation has 1 upload flow, the file 4');
    expect(out.indexOf('TCP upload::3 ')).toBeLessThan(out.indexOf('TCP upload::10 '));
  });
});
