/**
 * Where a figure's numbers come from, for its caption: the app's version,
 * the preset, the values the run started from, its knob changes, the seed
 * and the simulated time the figure covers (and whether the chart buffers
 * still hold the whole run).
 */
import { version } from '../../../package.json';
import { formatNs } from '../format';
import { changedParams, linkChanges } from '../share/app-share';
import { formatLinkChange } from '../share/change-codec';
import { useExplorer } from '../state/explorer-store';

export const APP_VERSION: string = version;

/** "TSQ Lab 0.1.0", the first item of every caption. */
export const appItem = () => `TSQ Lab ${APP_VERSION}`;

export type FigureRange = 'window' | 'run';

/** What a figure over [t0, t1] covers, said plainly. */
export function rangeItem(range: FigureRange, t0Ns: number, t1Ns: number, heldFromNs: number): string {
  const span = `${formatNs(Math.max(0, t0Ns))} – ${formatNs(t1Ns)}`;
  if (range === 'window') return `simulated time ${span} (the visible window)`;
  // The buffers keep the newest samples; an older start means the run began before what they hold.
  const lost = heldFromNs > 1e7;
  return lost
    ? `simulated time ${span}: the last ${formatNs(t1Ns - t0Ns)} of a ${formatNs(t1Ns)} run (earlier samples are no longer held)`
    : `simulated time ${span} (the whole run)`;
}

/** The explorer run's provenance: version, preset, parameters, knob changes, seed. */
export function runProvenance(): string[] {
  const st = useExplorer.getState();
  const title = st.presets.find((p) => p.id === st.presetId)?.title;
  const set = Object.entries(changedParams()).map(([k, v]) => `${k}=${v}`);
  const moves = linkChanges(st.script.changes).map((c) => `at ${formatLinkChange(c)}`);
  return [
    appItem(),
    `preset ${st.presetId}${title ? ` (${title})` : ''}`,
    set.length ? `parameters ${set.join(', ')}` : 'the preset’s parameters',
    ...(moves.length ? [`changes ${moves.join(', ')}`] : []),
    `seed ${st.seed}`,
  ];
}
