/**
 * The scenario's granularity over every preset: where there is a router, a
 * GSO skb crossing the wire into it as one event agrees with one event per
 * segment (./granularity-compare.ts); everywhere else the two are the same run,
 * summary and event count, so no reference cell's verdict can change. A
 * preset whose table gained a router would have its cells' verdicts compared
 * run by run.
 */
import { describe, expect, it } from 'vitest';
import { runScenario, runTable } from '../src/sim/run';
import { PRESETS } from '../src/sim/scenario/presets/index';
import type { Granularity, Scenario } from '../src/sim/scenario/scenario';
import { applyOverrides, durationOverrides } from '../src/sim/scenario/validate';
import { differences, hasRouter, runAs } from './granularity-compare';

/** Long enough for the routed presets to leave slow start and measure; short for the rest. */
const ROUTED_MS = 5000;
const SAME_MS = 300;

const shortened = (sc: Scenario, ms: number): Scenario => applyOverrides(sc, durationOverrides(sc, ms));

const summaryText = (sc: Scenario, g: Granularity): string => {
  const r = runScenario({ ...sc, granularity: g }, 1);
  return JSON.stringify({ ...r.summary, events: r.model.sim.eventsRun });
};

describe('granularity over every preset', () => {
  for (const p of PRESETS) {
    const base = p.scenario();
    const runs = [base, ...(p.table?.runs ?? []).map((r) => applyOverrides(base, r.set))];
    if (runs.some(hasRouter)) {
      it(`${p.id}: one event per GSO skb into the router agrees with one per segment`, () => {
        const sc = shortened(base, ROUTED_MS);
        const fine = runAs(sc, 'segment');
        const coarse = runAs(sc, 'skb');
        const r = sc.router!;
        const pktMs = ((1538 * 8) / (r.shaper?.rateBps ?? r.rateBps)) * 1e3;
        expect(differences(coarse, fine, pktMs)).toEqual([]);
        expect(coarse.events).toBeLessThan(fine.events);
      });
      if (p.table)
        it(`${p.id}: every reference cell's verdict is the same at either granularity`, () => {
          const verdicts = (g: Granularity): string[] =>
            runTable(p, 1, { set: { granularity: g } }).cells.map((c) => `${c.label} ${c.ok}`);
          expect(verdicts('skb')).toEqual(verdicts('segment'));
        });
    } else {
      it(`${p.id}: no router, so both granularities are the same run (${runs.length} scene${runs.length > 1 ? 's' : ''})`, () => {
        for (const sc of runs) {
          const s = shortened(sc, SAME_MS);
          expect(summaryText(s, 'skb')).toBe(summaryText(s, 'segment'));
        }
      });
    }
  }
});
