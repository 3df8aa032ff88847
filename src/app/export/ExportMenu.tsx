/**
 * The Export menu: each visible chart as PNG or SVG, the run's series and
 * summary as CSV and JSON, and the scenario as a file that Load scenario
 * reads back. Everything is computed when chosen, never while the run draws.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useExplorerContext } from '../explorer-context';
import { useExplorer } from '../state/explorer-store';
import { useUi } from '../state/ui-store';
import { buildTracks } from '../charts/tracks';
import type { Track } from '../charts/tracks/track';
import { formatNs } from '../format';
import { chartFigure, svgText, svgToPng } from './chart-export';
import { runJson, seriesCsv, summaryCsv } from './data-export';
import { fileSafe, saveBlob, saveText } from './download';
import { scenarioFileText } from './scenario-file';
import { exportFlentFile } from '../flent/export-flent';
import './export.css';

function pageColors() {
  const cs = getComputedStyle(document.documentElement);
  const v = (n: string, f: string) => cs.getPropertyValue(n).trim() || f;
  return { bg: v('--panel', '#fff'), fg: v('--fg', '#222'), muted: v('--muted', '#666') };
}

export function ExportMenu() {
  const { controller, scheduler, chartTheme } = useExplorerContext();
  const series = useExplorer((s) => s.series);
  const hiddenPanels = useUi((s) => s.hiddenPanels);
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState('');
  const ref = useRef<HTMLDetailsElement>(null);
  const buf = scheduler.buffers;
  const tracks = open
    ? buildTracks(series, chartTheme, { agg: buf.agg.length > 0, ping: buf.ping.length > 0 }).filter(
        (t) => !hiddenPanels.includes(t.panel),
      )
    : [];

  const base = () => {
    const st = useExplorer.getState();
    return `tsq-lab-${fileSafe(st.presetId)}`;
  };
  const caption = () => {
    const st = useExplorer.getState();
    const set = Object.entries(st.overrides)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(', ');
    return `TSQ Lab · ${st.presetId} · seed ${st.seed}${set ? ` · ${set}` : ''} · t = ${formatNs(buf.nowNs)}`;
  };
  const run = async (what: string, f: () => void | Promise<void>) => {
    try {
      await f();
      setStatus(`Saved ${what}.`);
    } catch (e) {
      setStatus(`Could not export ${what}: ${(e as Error).message}`);
    }
  };
  const figure = (t: Track) => {
    const w = scheduler.current();
    return chartFigure({
      track: t,
      buf,
      t0Ns: w.t0Ns,
      t1Ns: w.t1Ns,
      theme: chartTheme,
      colors: pageColors(),
      hidden: new Set(useUi.getState().hiddenSeries),
      caption: caption(),
    });
  };
  const saveChart = (t: Track, kind: 'png' | 'svg') =>
    run(`${t.title} (${kind.toUpperCase()})`, async () => {
      const fig = figure(t);
      const text = svgText(fig.svg);
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
          <p className="menu-title">Charts in view</p>
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
                    const m = meta();
                    saveText(
                      `${base()}-scenario.json`,
                      scenarioFileText({ presetId: m.presetId, seed: m.seed, set: m.set }, title),
                      'application/json',
                    );
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
