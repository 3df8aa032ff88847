/**
 * The reader's messages say what a value is: a number past a double's
 * range (1e309, which JSON.parse reads as Infinity) is out of range, not
 * "null"; and the scenario a file proposes runs at most a minute unless the
 * user asks for more, saying where the length came from.
 */
import { describe, expect, it } from 'vitest';
import { FlentFileError } from './errors';
import { MAX_PROPOSED_DURATION_MS, proposalOverrides, proposeScenario } from './propose';
import { parseFlentJson } from './read';

const file = (patch: object) =>
  JSON.stringify({
    version: 4,
    metadata: { NAME: 'tcp_1up', T0: '2020-01-01T00:00:00.000000Z' },
    x_values: [0, 0.2],
    results: {},
    ...patch,
  });

const failure = (text: string): string => {
  try {
    parseFlentJson(text);
  } catch (e) {
    expect(e).toBeInstanceOf(FlentFileError);
    return (e as Error).message;
  }
  throw new Error('expected a FlentFileError');
};

describe('numbers out of range', () => {
  it('a value of 1e309 is out of range, not null', () => {
    const m = failure(file({ results: { 'TCP upload': [1, 0] } }).replace('[1,0]', '[1,1e309]'));
    expect(m).toBe(
      'results["TCP upload"][1] is out of range: a number beyond ±1.8e308, the largest a double holds',
    );
    expect(failure(file({}).replace('"x_values":[0,0.2]', '"x_values":[0,-1e400]'))).toContain(
      'x_values[1] is out of range',
    );
  });

  it('what is not a number still says what it is', () => {
    expect(failure(file({ results: { 'TCP upload': [1, 'x'] } }))).toContain('is "x", not a number or null');
  });
});

describe('the proposed duration', () => {
  const withLength = (lengthS: number) =>
    proposeScenario(
      parseFlentJson(
        JSON.stringify({
          version: 4,
          metadata: { NAME: 'tcp_1up', T0: '2020-01-01T00:00:00.000000Z', LENGTH: lengthS },
          x_values: [0, 0.2],
          results: { 'TCP upload': [1, 2] },
        }),
      ),
    );

  it('is the file’s LENGTH up to a minute', () => {
    const p = withLength(30);
    expect(proposalOverrides(p).durationMs).toBe('30000');
    expect(p.fields.find((f) => f.key === 'durationMs')!.why).toBe('LENGTH 30 s');
  });

  it('is capped at a minute, saying the file’s LENGTH and how to run all of it', () => {
    const p = withLength(3600);
    expect(proposalOverrides(p).durationMs).toBe(String(MAX_PROPOSED_DURATION_MS));
    expect(p.fields.find((f) => f.key === 'durationMs')!.why).toMatch(
      /^LENGTH 3600 s in the file, longer than the 60 s proposed at most: .*--duration 3600s/,
    );
  });
});
