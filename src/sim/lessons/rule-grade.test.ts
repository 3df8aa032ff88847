/** A step's kernel rule and a prediction graded against the thread's measurement: validated, and scored. */
import { describe, expect, it } from 'vitest';
import type { Summary } from '../api';
import { LESSONS, findLesson } from './index';
import { scorePrediction, summaryContext } from './render';
import { formatValue } from './text';
import { validateLesson } from './validate';

const copy = (id: string) =>
  JSON.parse(JSON.stringify(findLesson(id))) as Record<string, unknown> & {
    steps: Record<string, unknown>[];
  };
const errorsOf = (l: unknown) => {
  const r = validateLesson(l);
  return r.ok ? [] : r.errors;
};

describe('a step’s kernel rule', () => {
  it('is in a step of every lesson', () => {
    for (const l of LESSONS)
      expect(
        l.steps.some((s) => s.rule),
        l.id,
      ).toBe(true);
  });

  it('needs a link to a line of a kernel tree that names its file, and refs the run has', () => {
    const l = copy('tsq-budget');
    const rule = l.steps[0].rule as Record<string, unknown>;
    rule.url = 'https://example.org/tcp_output.c';
    (rule.lines as string[]).push('x = {now.tsqBudget.nothing}');
    const e = errorsOf(l);
    expect(e[0]).toMatch(/^steps\.0\.rule\.url = .*expected a link to a line of a kernel tree/);
    expect(e[1]).toMatch(/^steps\.0\.rule\.lines\.\d+: now\.tsqBudget\.nothing: .*tsqBudget has/);
    rule.url = 'https://elixir.bootlin.com/linux/v6.1.192/source/net/ipv4/tcp_input.c#L916';
    (rule.lines as string[]).pop();
    expect(errorsOf(l)).toEqual(['steps.0.rule.url: does not name the rule\'s file "net/ipv4/tcp_output.c"']);
  });
});

describe('a prediction graded against the thread', () => {
  it('names the published value on every condition or on none', () => {
    const l = copy('late-completions');
    const p = l.steps[4].predict as { options: { when: { published?: string }[] }[] };
    delete p.options[0].when[0].published;
    expect(errorsOf(l)).toEqual([
      'steps.4.predict.options: 2 of 3 conditions name the published value; name it on every condition, or on none',
    ]);
  });

  it('is right by the measurement, and keeps the simulation’s own answer', () => {
    const step = findLesson('late-completions')!.steps[4];
    const s = (goodputBps: number) => ({ goodputBps }) as Summary;
    const ctx = summaryContext({
      marks: new Map([
        ['before', s(100e6)],
        ['end', s(102e6)],
      ]),
      live: null,
      params: {},
      compare: new Map(),
      presetId: 'brcmfmac-fc-mode',
      changes: [],
    });
    const score = scorePrediction(step.predict!, 2, ctx)!;
    expect(score).toMatchObject({ kind: 'choice', basis: 'published', right: 2, model: 0, ok: true });
    expect(score.kind === 'choice' && score.quantity?.text).toEqual({ sim: '×1.02', published: '×1.14' });
  });
});

describe('formats', () => {
  it('write frames with their unit, bytes per second, seconds and congestion controls as named', () => {
    expect(formatValue(1, 'frames')).toBe('1 frame');
    expect(formatValue(12, 'frames')).toBe('12 frames');
    expect(formatValue(231e6, 'Bps')).toBe('220 MB/s');
    expect(formatValue(3e9, 's')).toBe('3.00 s');
    expect(formatValue('cubic', 'cc')).toBe('CUBIC');
    expect(formatValue('bbr', 'cc')).toBe('BBR');
  });
});
