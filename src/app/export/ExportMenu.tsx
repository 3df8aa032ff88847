/**
 * The Export menu: a figure of the chosen panels (SVG with vector paths, PNG
 * at 2× or 3×) over the visible window or the whole run the buffers hold,
 * each chart alone, the run's series and summary as CSV and JSON, and the
 * scenario as a file that Load scenario reads back. Everything is computed
 * when chosen, never while the run draws.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useExplorerContext } from '../explorer-context';
import { useExplorer } from '../state/explorer-store';
import { useUi } from '../state/ui-store';
import { buildTracks } from '../charts/tracks';
import type { Track } from '../charts/tracks/track';
import type { Panel } from '../../worker/protocol';
import { pageColors, svgDocument, svgToPng } from './chart-export';
import { buildFigure } from './figure';
import { FigureButtons } from './FigureButtons';
import { rangeItem, runProvenance, type FigureRange } from './provenance';
import { runJson, seriesCsv, summaryCsv } from './data-export';
import { fileSafe, saveBlob, saveText } from './download';
import { scenarioFileText } from './scenario-file';
import { exportFlentFile } from '../flent/export-flent';
import './export.css';

export function ExportMenu() {
  const { controller, scheduler, chartTheme } = useExplorerContext();
  const series = useExplorer((s) => s.series);
  const hiddenPanels = useUi((s) => s.hiddenPanels);
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState('');
  const [chosen, setChosen] = useState<Panel[] | null>(null);
  const [range, setRange] = useState<FigureRange>('window');
  const ref = useRef<HTMLDetailsElement>(null);
  const buf = scheduler.buffers;
  const tracks = open
    ? buildTracks(series, chartTheme, { agg: buf.agg.length > 0, ping: buf.ping.length > 0 }).filter(
        (t) => !hiddenPanels.includes(t.panel),
      )
    : [];
  const panels = chosen ?? tracks.map((t) => t.panel);

  const base = () => {
    const st = useExplorer.getState();
    return `tsq-lab-${fileSafe(st.presetId)}`;
  };
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

  useEffect(() => {
    if (!open) return;
    // A click anywhere else closes the menu, as menus do.
    const onDown = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    ref.current?.querySelector('summary')?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      close();
    }
  };

  return (
    <details
      ref={ref}
      className="menu export-menu"
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      onKeyDown={onKeyDown}
    >
      <summary data-testid="export-menu">Export</summary>
      {open && (
        <div className="menu-body">
          <p className="menu-title">Figure</p>
          <fieldset className="figure-panels">
            <legend className="sr-only">Panels in the figure</legend>
            {tracks.map((t) => (
              <label key={t.panel}>
                <input
                  type="checkbox"
                  data-testid={`figure-panel-${t.panel}`}
                  checked={panels.includes(t.panel)}
                  onChange={() =>
                    setChosen(
                      panels.includes(t.panel) ? panels.filter((p) => p !== t.panel) : [...panels, t.panel],
                    )
                  }
                />{' '}
                {t.title}
              </label>
            ))}
          </fieldset>
          <label className="field">
            <span>Time</span>
            <select
              value={range}
              data-testid="figure-range"
              onChange={(e) => setRange(e.target.value as FigureRange)}
            >
              <option value="window">the visible window</option>
              <option value="run">the whole run (as the charts hold it)</option>
            </select>
          </label>
          <FigureButtons
            name={`${base()}-figure`}
            label="the figure"
            testId="export-figure"
            make={() => {
              const list = tracks.filter((t) => panels.includes(t.panel));
              if (!list.length) throw new Error('choose at least one panel');
              return figure(list, range);
            }}
          />
          <p className="menu-title">Each chart alone (visible window)</p>
          <ul className="menu-list">
            {tracks.map((t) => (
              <li key={t.panel}>
                <span className="menu-label">{t.title}</span>
                <button
                  type="button"
                  data-testid={`export-png-${t.panel}`}
                  onClick={() => void saveChart(t, 'png')}
                  aria-label={`${t.title} as PNG`}
                >
                  PNG
                </button>
                <button
                  type="button"
                  data-testid={`export-svg-${t.panel}`}
                  onClick={() => void saveChart(t, 'svg')}
                  aria-label={`${t.title} as SVG`}
                >
                  SVG
                </button>
              </li>
            ))}
          </ul>
          <p className="menu-title">Run data</p>
          <ul className="menu-list">
            <li>
              <button
                type="button"
                data-testid="export-series-csv"
                onClick={() =>
                  void run('series (CSV)', () =>
                    saveText(
                      `${base()}-series.csv`,
                      seriesCsv(buf, useExplorer.getState().series),
                      'text/csv',
                    ),
                  )
                }
              >
                Series (CSV)
              </button>
              <button
                type="button"
                data-testid="export-summary-csv"
                onClick={() =>
                  void run('summary (CSV)', async () => {
                    const s = await summary();
                    if (!s) throw new Error('no summary yet');
                    saveText(`${base()}-summary.csv`, summaryCsv(s), 'text/csv');
                  })
                }
              >
                Summary (CSV)
              </button>
              <button
                type="button"
                data-testid="export-run-json"
                onClick={() =>
                  void run('series and summary (JSON)', async () =>
                    saveText(
                      `${base()}-run.json`,
                      runJson(buf, useExplorer.getState().series, await summary(), meta()),
                      'application/json',
                    ),
                  )
                }
              >
                Series and summary (JSON)
              </button>
              <button
                type="button"
                data-testid="export-flent"
                title="Runs the scenario headless for its length with this seed and writes what Flent's runners would record (flent -i reads it)"
                onClick={() =>
                  void run('Flent data file', async () => {
                    setStatus('Running the scenario for the Flent file…');
                    const m = meta();
                    await exportFlentFile({ presetId: m.presetId, seed: m.seed, overrides: m.set }, (f) =>
                      setStatus(`Running the scenario for the Flent file… ${Math.round(f * 100)} %`),
                    );
                  })
                }
              >
                Flent data file
              </button>
            </li>
          </ul>
          <p className="menu-title">Scenario</p>
          <ul className="menu-list">
            <li>
              <button
                type="button"
                data-testid="export-scenario"
                onClick={() =>
                  void run('scenario (JSON)', () => {
                    const st = useExplorer.getState();
                    const title = st.presets.find((p) => p.id === st.presetId)?.title;
                    // What replays the run: the values it started from and its knob changes.
                    const file = {
                      presetId: st.presetId,
                      seed: st.seed,
                      set: st.script.overrides,
                      changes: st.script.changes,
                    };
                    saveText(`${base()}-scenario.json`, scenarioFileText(file, title), 'application/json');
                  })
                }
              >
                Scenario (JSON, loads back)
              </button>
            </li>
          </ul>
          <p className="menu-status" role="status">
            {status}
          </p>
        </div>
      )}
    </details>
  );
}
