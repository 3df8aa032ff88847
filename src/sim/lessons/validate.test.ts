/** The lesson validator names each bad field; prose with a typed number, a bad ref or a bad format is refused. */
import { describe, expect, it } from 'vitest';
import { parseExpr } from './expr';
import { linkTerms } from './glossary';
import { LESSONS } from './index';
import { formatValue, parseText, typedNumbers } from './text';
import { validateLesson } from './validate';

const base = () =>
  JSON.parse(JSON.stringify(LESSONS[0])) as Record<string, unknown> & { steps: Record<string, unknown>[] };

function errorsOf(mutate: (l: ReturnType<typeof base>) => void): string[] {
  const l = base();
  mutate(l);
  const r = validateLesson(l);
  return r.ok ? [] : r.errors;
}

describe('validateLesson', () => {
  it('accepts the built-in lessons', () => {
    for (const l of LESSONS) expect(validateLesson(l)).toMatchObject({ ok: true });
  });

  it('names the format, version and sources', () => {
    expect(errorsOf((l) => (l.format = 'tsq-lab/scenario'))).toEqual([
      'format = "tsq-lab/scenario": expected "tsq-lab/lesson"',
    ]);
    expect(errorsOf((l) => (l.version = 2))[0]).toMatch(/^version = 2: expected 1/);
    expect(errorsOf((l) => (l.sources = ['000_19522d8850af41d6.txt']))[0]).toMatch(
      /^sources: .* is not a known source/,
    );
  });

  it('passes on the core’s own message for a bad field of a step’s run', () => {
    const e = errorsOf(
      (l) => ((l.steps[0].setup as Record<string, unknown>).set = { 'tcp.sk_pacing_shift': 99 }),
    );
    expect(e.join('\n')).toMatch(/^steps\.0\.setup: .*tcp\.sk_pacing_shift/m);
    expect(errorsOf((l) => ((l.steps[0].setup as Record<string, unknown>).preset = 'nope'))).toEqual([
      'steps.0.setup.preset = "nope": not a preset',
    ]);
  });

  it('refuses a number typed into prose, and names the paragraph', () => {
    const e = errorsOf((l) => ((l.steps[0].text as string[])[1] = 'The queue holds 3.2 MB.'));
    expect(e).toEqual([
      'steps.0.text.1: the number 3.2 is typed in; write a placeholder bound to the run (e.g. {end.goodputBps})',
    ]);
  });

  it('names a placeholder that reads nothing', () => {
    const e = errorsOf(
      (l) => ((l.steps[0].text as string[])[0] = 'Goodput {later.goodputBps} and {end.goodput}.'),
    );
    expect(e[0]).toMatch(/^steps\.0\.text\.0: later\.goodputBps: "later" is not a mark of this step/);
    expect(e[1]).toMatch(/^steps\.0\.text\.0: end\.goodput: goodput is not a summary field/);
    expect(errorsOf((l) => ((l.steps[0].text as string[])[0] = '{end.goodputBps|furlongs}'))[0]).toMatch(
      /unknown format "furlongs"/,
    );
    expect(errorsOf((l) => ((l.steps[0].text as string[])[0] = '{param.tcp.nothing}'))[0]).toMatch(
      /the scenario has no field tcp\.nothing/,
    );
  });

  it('names a bad prediction and a knob the preset does not have', () => {
    const e = errorsOf((l) => {
      const p = l.steps[1].predict as Record<string, unknown>;
      (p.options as Record<string, unknown>[])[0].when = [{ value: 'end.medianLatencyMs', range: [2, 1] }];
      p.askAt = 'later';
      l.steps[5].tryIt = { knobs: ['wifi.queueing'], prompt: 'x' };
    });
    expect(e).toContain('steps.1.predict.askAt = "later": expected one of the step\'s marks (not end)');
    expect(e.some((x) => x.startsWith('steps.1.predict.options.0.when.0.range'))).toBe(true);
    expect(
      e.some((x) => x.startsWith('steps.5.tryIt.knobs: "wifi.queueing" is not a knob of first-tsq')),
    ).toBe(true);
  });
});

describe('lesson prose', () => {
  it('reads code, placeholders and formats', () => {
    const { segments, errors } = parseText('`2 × truesize` is {end.tsqBudget.twiceTruesizeBytes|bytes}.');
    expect(errors).toEqual([]);
    expect(segments.map((s) => s.kind)).toEqual(['code', 'text', 'value', 'text']);
    expect(parseText('{(a.b / }').errors[0]).toMatch(/the expression/);
  });

  it('lets kernel names and versions through, not measurements', () => {
    const t = (s: string) => typedNumbers(parseText(s).segments);
    expect(t('ath9k and mac80211 on Linux 4.16, 802.11n')).toEqual([]);
    expect(t('about 4 ms, or 1.5 MB')).toEqual(['4', '1.5']);
  });

  it('parses arithmetic with precedence', () => {
    expect(parseExpr('1 - a.b / c.d')).toEqual({
      op: '-',
      a: { op: 'num', value: 1 },
      b: { op: '/', a: { op: 'ref', path: ['a', 'b'] }, b: { op: 'ref', path: ['c', 'd'] } },
    });
    expect(() => parseExpr('a.b c.d')).toThrow(/after the end/);
  });

  it('writes values as prose does', () => {
    expect(formatValue(941.4e6, 'rate')).toBe('941 Mbit/s');
    expect(formatValue(131072, 'bytes')).toBe('128 KB');
    expect(formatValue(1107, 'us')).toBe('1.11 ms');
    expect(formatValue(0.613, 'pct')).toBe('61.3 %');
    expect(formatValue(2.66, 'x')).toBe('×2.66');
    expect(formatValue(NaN, 'ms')).toBe('not measured');
    expect(formatValue(null, 'ms')).toBe('…');
  });

  it('links each glossary term once per block', () => {
    const seen = new Set<string>();
    const a = linkTerms('TSQ counts sk_wmem_alloc; TSQ again', seen);
    expect(a.filter((x) => x.kind === 'term').map((x) => x.text)).toEqual(['TSQ', 'sk_wmem_alloc']);
    expect(linkTerms('and TSQ in the next paragraph', seen).every((x) => x.kind === 'text')).toBe(true);
    expect(linkTerms('fq_codel, not fq').map((x) => x.kind)).toEqual(['term', 'text', 'term']);
  });
});
