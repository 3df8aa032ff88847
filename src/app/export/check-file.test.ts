/** Scenario files with several kinds of problem: every one is named (issue 24). */
import { describe, expect, it } from 'vitest';
import { listPresets } from '../../sim/index';
import { SimHost } from '../../worker/host';
import { checkScenarioFile } from './check-file';

const presets = listPresets();
const host = new SimHost({ now: () => 0, defer: () => {} });
const load = (req: Parameters<SimHost['load']>[0]) => Promise.resolve(host.load(req));
const file = (o: Record<string, unknown>) =>
  JSON.stringify({ format: 'tsq-lab/scenario', version: 1, preset: 'bench-wired', ...o });

describe('checkScenarioFile', () => {
  it('a bad seed does not hide the bad parameters', async () => {
    const r = await checkScenarioFile(
      file({ seed: -1, set: { 'tcp.sk_pacing_shift': 7.5, 'tcp.flows': 999, 'tcp.cc': 'cubic' } }),
      presets,
      load,
    );
    expect(r.ok).toBe(false);
    const errors = (r as { errors: string[] }).errors;
    expect(errors[0]).toMatch(/^seed = -1 is not allowed/);
    expect(errors.some((e) => e.startsWith('set.tcp.sk_pacing_shift = 7.5 is not allowed'))).toBe(true);
    expect(errors.some((e) => e.startsWith('set.tcp.flows = 999 is not allowed'))).toBe(true);
    expect(errors).toHaveLength(3);
  });

  it('1e309 is reported as Infinity, not as null', async () => {
    const text = file({ seed: 1, set: {} }).replace('"seed":1', '"seed":1e309');
    const r = await checkScenarioFile(text.replace('"set":{}', '"set":{"tcp.flows":1e309}'), presets, load);
    const errors = (r as { errors: string[] }).errors;
    expect(errors).toContain('seed = Infinity is not allowed: expected an integer from 0 to 4294967295');
    expect(errors).toContain(
      'set.tcp.flows = Infinity is not allowed: expected a number, a string, true, false or null',
    );
    expect(errors.join('\n')).not.toContain('null is not allowed');
  });

  it('a good file resolves', async () => {
    const r = await checkScenarioFile(file({ seed: 4, set: { 'tcp.flows': 2 } }), presets, load);
    expect(r).toMatchObject({
      ok: true,
      seed: 4,
      resolved: { presetId: 'bench-wired', overrides: { 'tcp.flows': 2 } },
    });
  });
});
