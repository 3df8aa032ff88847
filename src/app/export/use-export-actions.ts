/**
 * What the Export menu's entries do, as one hook: the file name's stem, a
 * status line for each save, the figure of some panels over the window or
 * the run the buffers hold, a chart alone, and the run's identity and
 * summary for the data files. Everything is computed when chosen.
 */
import { useExplorerContext } from '../explorer-context';
import { useExplorer } from '../state/explorer-store';
import { useUi } from '../state/ui-store';
import type { Track } from '../charts/tracks/track';
import { pageColors, svgDocument, svgToPng } from './chart-export';
import { buildFigure } from './figure';
import { rangeItem, runProvenance, type FigureRange } from './provenance';
import { fileSafe, saveBlob, saveText } from './download';

export function useExportActions(setStatus: (s: string) => void) {
  const { controller, scheduler, chartTheme } = useExplorerContext();
  const buf = scheduler.buffers;
  const base = () => `tsq-lab-${fileSafe(useExplorer.getState().presetId)}`;
  const run = async (what: string, f: () => void | Promise<void>) => {
    try {
      await f();
      setStatus(`Saved ${what}.`);
    } catch (e) {
      setStatus(`Could not export ${what}: ${(e as Error).message}`);
    }
  };
  /** The figure of `list` over the window or the whole run held. */
  const figure = (list: Track[], r: FigureRange) => {
    const w = scheduler.current();
    const held = buf.startNs();
    const [t0, t1] = r === 'window' ? [w.t0Ns, w.t1Ns] : [Number.isFinite(held) ? held : 0, buf.nowNs];
    const st = useExplorer.getState();
    return buildFigure({
      tracks: list,
      buf,
      t0Ns: t0,
      t1Ns: Math.max(t1, t0 + 1),
      theme: chartTheme,
      colors: pageColors(),
      hidden: new Set(useUi.getState().hiddenSeries),
      title: st.presets.find((p) => p.id === st.presetId)?.title ?? st.presetId,
      caption: [...runProvenance(), rangeItem(r, t0, t1, Number.isFinite(held) ? held : 0)],
    });
  };
  const saveChart = (t: Track, kind: 'png' | 'svg') =>
    run(`${t.title} (${kind.toUpperCase()})`, async () => {
      const fig = figure([t], 'window');
      const text = svgDocument(fig.svg);
      const name = `${base()}-${t.panel}.${kind}`;
      if (kind === 'svg') saveText(name, text, 'image/svg+xml');
      else saveBlob(name, await svgToPng(text, fig.widthPx, fig.heightPx));
    });
  const meta = () => {
    const st = useExplorer.getState();
    return { presetId: st.presetId, seed: st.seed, set: st.overrides };
  };
  const summary = async () => (await controller.summary()) ?? useExplorer.getState().summary;
  return { buf, chartTheme, base, run, figure, saveChart, meta, summary };
}

export type ExportActions = ReturnType<typeof useExportActions>;
