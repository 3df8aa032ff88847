/**
 * An account's text about the simulation, filled from the runs the page
 * makes: placeholders as lessons write them (src/sim/lessons/text.ts), whose
 * refs name a table run by its id ({shift8.goodputBps}), one of the runs the
 * page repeats at other seeds ({seed3.goodputBps}) or a published cell
 * ({published.shift8}). A value not run yet reads "…".
 */
import type { Summary, SweepJobResult } from '../../worker/protocol';
import { renderText, summaryContext } from '../../sim/lessons/render';

/** The summaries of finished jobs, by job key. */
export function summariesOf(results: Record<string, SweepJobResult> | undefined): Map<string, Summary> {
  const out = new Map<string, Summary>();
  for (const [k, r] of Object.entries(results ?? {})) if (r.status === 'done') out.set(k, r.summary);
  return out;
}

/** The text with each placeholder written from the runs, and whether every value is in. */
export function gapText(
  template: string,
  presetId: string,
  runs: Map<string, Summary>,
): { text: string; complete: boolean } {
  const ctx = summaryContext({
    marks: runs,
    live: null,
    params: {},
    compare: new Map(),
    presetId,
    changes: [],
  });
  const env = { seriesUnit: () => undefined, presetId, changes: [] };
  const pieces = renderText(template, ctx, env, new Set());
  return {
    text: pieces.map((p) => p.text).join(''),
    complete: pieces.every((p) => p.kind !== 'value' || !p.pending),
  };
}
