/**
 * Flags a hostile tester used (issue 34): `--set` paths through an object's
 * prototype (item 6), empty output paths and write errors (item 7), and a
 * sweep too large for one invocation (item 10).
 */
import { describe, expect, it } from 'vitest';
import { parseArgs } from './args';
import { MAX_RUNS } from './batch';
import { runCli } from './commands';

async function cli(
  argv: string[],
  writeFile?: (path: string, text: string) => void,
): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await runCli(
    parseArgs(argv),
    () => '',
    (s) => (out += s),
    null,
    null,
    writeFile,
  );
  return { code, out };
}

describe('--set and --sweep paths through a prototype are no fields', () => {
  it.each([
    ['__proto__', '__proto__ is not a field of this scenario'],
    ['__proto__.polluted', '__proto__.polluted is not a field of this scenario'],
    ['constructor', 'constructor is not a field of this scenario'],
    ['tcp.constructor', 'tcp.constructor is not a field of this scenario'],
    ['tcp.__proto__.x', 'tcp.__proto__.x is not a field of this scenario'],
    ['prototype', 'prototype is not a field of this scenario'],
    ['router.constructor.prototype', 'router.constructor.prototype is not a field of this scenario'],
  ])('--set %s=1 is refused, naming it', async (path, message) => {
    await expect(cli(['bench-wired', '--duration', '1ms', '--set', `${path}=1`])).rejects.toThrow(message);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('--sweep __proto__=… is refused before any run', async () => {
    await expect(cli(['bench-wired', '--duration', '1ms', '--sweep', '__proto__=1,2'])).rejects.toThrow(
      '__proto__ is not a field of this scenario',
    );
  });

  it('parseArgs keeps __proto__ as a key of --set', () => {
    expect(Object.keys(parseArgs(['p', '--set', '__proto__={"x":1}']).set)).toEqual(['__proto__']);
  });
});

describe('output paths', () => {
  it.each(['--flent', '--trace', '--compare'])("%s '' is refused, naming the flag", (flag) => {
    expect(() => parseArgs(['bench-wired', flag, ''])).toThrow(`${flag} '': name a`);
    expect(() => parseArgs(['bench-wired', `${flag}=`])).toThrow(`${flag} '': name a`);
  });

  it('a --trace write error names the flag and the path', async () => {
    const fail = () => {
      throw new Error("ENOENT: no such file or directory, open '/nope/t.json'");
    };
    await expect(cli(['bench-wired', '--trace', '/nope/t.json', '--duration', '5ms'], fail)).rejects.toThrow(
      "--trace: cannot write /nope/t.json (ENOENT: no such file or directory, open '/nope/t.json')",
    );
  });

  it('--trace - hands the trace to the writer as "-" and says standard output', async () => {
    const written: string[] = [];
    const r = await cli(['bench-wired', '--trace', '-', '--duration', '5ms'], (p) => written.push(p));
    expect(written).toEqual(['-']);
    expect(r.out).toMatch(/^wrote standard output: \d+ trace events/);
  });
});

describe('the size of a batch', () => {
  const values = (n: number) => Array.from({ length: n }, (_, i) => String(i % 20)).join(',');

  it(`a sweep of more than ${MAX_RUNS} points is refused at once, saying how to shard it`, async () => {
    const argv = ['bench-wired', '--duration', '1ms', '--sweep', `tcp.sk_pacing_shift=${values(60_000)}`];
    await expect(cli(argv)).rejects.toThrow(
      `60000 runs: one invocation runs at most ${MAX_RUNS}; run the 60000 as shards, --shard K/N with N ≥ 15`,
    );
    await expect(cli([...argv, '--shard', '1/2'])).rejects.toThrow('30000 runs in shard 1/2');
    await expect(
      cli([...argv.slice(0, -1), `tcp.sk_pacing_shift=${values(70_000)}`, '--shard', '1/20']),
    ).rejects.toThrow('a batch of 70000 runs: at most 65536');
  });

  it('as many scenario files as that, too', async () => {
    const many = Array.from({ length: MAX_RUNS + 1 }, () => 'bench-wired');
    await expect(cli([...many, '--duration', '1ms'])).rejects.toThrow(`${MAX_RUNS + 1} runs: one invocation`);
  });
});
