/**
 * The trace file (src/sim/metrics/trace-event.ts via src/sim/headless.ts) is
 * valid Chrome trace-event / Perfetto JSON: checked against a JSON schema of
 * the trace-event format (test/schemas/trace-event.schema.json) with Ajv,
 * with one track per layer and per flow, and every event of a window.
 */
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { runHeadless } from '../src/sim/headless';
import type { TraceFile } from '../src/sim/metrics/trace-event';

const schema = JSON.parse(readFileSync('test/schemas/trace-event.schema.json', 'utf8')) as object;
const validate = new Ajv({
  allErrors: true,
  strict: true,
  strictRequired: false,
  allowUnionTypes: true,
}).compile(schema);

function trace(presetId: string, windowNs?: [number, number]): TraceFile {
  const r = runHeadless({
    presetId,
    overrides: {},
    seed: 1,
    marksNs: [0.6e9],
    trace: { everyN: 9, windowNs },
  });
  if (!r.ok || !r.trace) throw new Error(r.ok ? 'no trace' : r.error);
  // What a file holds: the JSON text, read back.
  return JSON.parse(JSON.stringify(r.trace)) as TraceFile;
}

describe('the trace-event export', () => {
  for (const preset of ['first-tsq', 'ath9k-pacing-shift', 'brcmfmac-fc-mode', 'ath9k-intermediate-queues']) {
    it(`${preset}: per-skb hops validate against the trace-event schema`, () => {
      const f = trace(preset);
      const ok = validate(f);
      expect(validate.errors ?? []).toEqual([]);
      expect(ok).toBe(true);
      const slices = f.traceEvents.filter((e) => e.ph === 'X');
      expect(slices.length).toBeGreaterThan(20);
      // One track per layer (thread) within a process per flow, named.
      const threads = f.traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name');
      expect(new Set(threads.map((e) => e.args?.name)).size).toBeGreaterThan(3);
      for (const s of slices) expect(threads.some((t) => t.pid === s.pid && t.tid === s.tid)).toBe(true);
      // Flow arrows start and finish.
      expect(f.traceEvents.some((e) => e.ph === 's')).toBe(true);
      expect(f.traceEvents.some((e) => e.ph === 'f' && e.bp === 'e')).toBe(true);
    });
  }

  it('adds every engine event of a chosen window on its own tracks', () => {
    const f = trace('first-tsq', [0.5e9, 0.51e9]);
    expect(validate(f)).toBe(true);
    const engine = f.traceEvents.filter((e) => e.cat === 'engine');
    expect(engine.length).toBeGreaterThan(50);
    for (const e of engine) {
      expect(e.ts!).toBeGreaterThanOrEqual(0.5e6);
      expect(e.ts!).toBeLessThan(0.51e6);
    }
    expect(f.otherData.window_start_ns).toBe(0.5e9);
  });

  it('the schema bites: a complete event without a duration fails', () => {
    const bad = { traceEvents: [{ name: 'x', ph: 'X', ts: 1, pid: 1, tid: 1 }] };
    expect(validate(bad)).toBe(false);
    expect(validate({ traceEvents: [{ name: 'thread_name', ph: 'M', pid: 1, args: {} }] })).toBe(false);
  });

  it('a headless run gives the live run’s numbers', () => {
    const a = runHeadless({ presetId: 'first-tsq', overrides: {}, seed: 1, marksNs: [0.4e9, 0.8e9] });
    const b = runHeadless({ presetId: 'first-tsq', overrides: {}, seed: 1, marksNs: [0.8e9] });
    if (!a.ok || !b.ok) throw new Error('run failed');
    expect(a.summaries[1]).toEqual(b.summaries[0]);
    expect(a.summaries[0].simulatedNs).toBe(0.4e9 - 1);
  });
});
