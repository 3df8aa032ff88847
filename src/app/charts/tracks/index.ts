/**
 * Chooses the timeline tracks from the scenario's SeriesSpec list (by
 * `panel`), so panels stay generic: a panel appears when the core publishes
 * series for it, or, for the point clouds, once points have arrived.
 */
import { PANELS, type SeriesSpec } from '../../../worker/protocol';
import type { ChartTheme } from '../chart-theme';
import { aggregatesTrack, latencyTrack } from './point-tracks';
import { linesTrack, occupancyTrack, smallMultiplesTrack } from './series-tracks';
import { seriesOf, type Track } from './track';

export interface PointPresence {
  agg: boolean;
  ping: boolean;
}

/** `stations`: the point tracks' category names (one legend entry each when there are several). */
export function buildTracks(
  series: readonly SeriesSpec[],
  theme: ChartTheme,
  points: PointPresence,
  stations: readonly string[] = [],
): Track[] {
  const tracks: Track[] = [];
  for (const panel of PANELS) {
    const specs = seriesOf(series, panel);
    switch (panel) {
      case 'occupancy':
        if (specs.length) tracks.push(occupancyTrack(specs, theme));
        break;
      case 'aggregates':
        if (specs.length || points.agg) tracks.push(aggregatesTrack(theme, stations, specs));
        break;
      case 'latency':
        if (specs.length || points.ping) tracks.push(latencyTrack(theme, stations));
        break;
      case 'tcp':
        if (specs.length) tracks.push(smallMultiplesTrack(panel, specs, theme));
        break;
      case 'cpu':
        if (specs.length) tracks.push(linesTrack(panel, specs, theme, 80));
        break;
      default:
        if (specs.length) tracks.push(linesTrack(panel, specs, theme));
    }
  }
  return tracks;
}
