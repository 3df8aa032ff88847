/** The Export menu's sections: the figure, each chart alone, the run's data, and the scenario file. */
import { useState } from 'react';
import { useExplorer } from '../state/explorer-store';
import type { Track } from '../charts/tracks/track';
import type { Panel } from '../../worker/protocol';
import { FigureButtons } from './FigureButtons';
import type { FigureRange } from './provenance';
import { runJson, seriesCsv, summaryCsv } from './data-export';
import { saveText } from './download';
import { scenarioFileText } from './scenario-file';
import { exportFlentFile } from '../flent/export-flent';
import type { ExportActions } from './use-export-actions';

/** The figure's choices, kept by the menu so that they outlive its closing. */
export function useFigureChoice() {
  const [chosen, setChosen] = useState<Panel[] | null>(null);
  const [range, setRange] = useState<FigureRange>('window');
  return { chosen, setChosen, range, setRange };
}

/** The panels to draw (all shown ones until the user picks) and the time range, then SVG/PNG. */
export function FigureSection({
  tracks,
  x,
  choice,
}: {
  tracks: Track[];
  x: ExportActions;
  choice: ReturnType<typeof useFigureChoice>;
}) {
  const { chosen, setChosen, range, setRange } = choice;
  const panels = chosen ?? tracks.map((t) => t.panel);
  const toggle = (p: Panel) => setChosen(panels.includes(p) ? panels.filter((q) => q !== p) : [...panels, p]);
  return (
    <>
      <p className="menu-title">Figure</p>
      <fieldset className="figure-panels">
        <legend className="sr-only">Panels in the figure</legend>
        {tracks.map((t) => (
          <label key={t.panel}>
            <input
              type="checkbox"
              data-testid={`figure-panel-${t.panel}`}
              checked={panels.includes(t.panel)}
              onChange={() => toggle(t.panel)}
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
        name={`${x.base()}-figure`}
        label="the figure"
        testId="export-figure"
        make={() => {
          const list = tracks.filter((t) => panels.includes(t.panel));
          if (!list.length) throw new Error('choose at least one panel');
          return x.figure(list, range);
        }}
      />
    </>
  );
}

export function ChartList({ tracks, x }: { tracks: Track[]; x: ExportActions }) {
  return (
    <>
      <p className="menu-title">Each chart alone (visible window)</p>
      <ul className="menu-list">
        {tracks.map((t) => (
          <li key={t.panel}>
            <span className="menu-label">{t.title}</span>
            {(['png', 'svg'] as const).map((kind) => (
              <button
                key={kind}
                type="button"
                data-testid={`export-${kind}-${t.panel}`}
                onClick={() => void x.saveChart(t, kind)}
                aria-label={`${t.title} as ${kind.toUpperCase()}`}
              >
                {kind.toUpperCase()}
              </button>
            ))}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The series and the summary as CSV and JSON, and a Flent file of a headless run with this seed. */
export function RunDataSection({ x, setStatus }: { x: ExportActions; setStatus: (s: string) => void }) {
  const seriesCsvFile = () =>
    saveText(`${x.base()}-series.csv`, seriesCsv(x.buf, useExplorer.getState().series), 'text/csv');
  const summaryCsvFile = async () => {
    const s = await x.summary();
    if (!s) throw new Error('no summary yet');
    saveText(`${x.base()}-summary.csv`, summaryCsv(s), 'text/csv');
  };
  const runJsonFile = async () =>
    saveText(
      `${x.base()}-run.json`,
      runJson(x.buf, useExplorer.getState().series, await x.summary(), x.meta()),
      'application/json',
    );
  const flentFile = async () => {
    setStatus('Running the scenario for the Flent file…');
    const m = x.meta();
    await exportFlentFile({ presetId: m.presetId, seed: m.seed, overrides: m.set }, (f) =>
      setStatus(`Running the scenario for the Flent file… ${Math.round(f * 100)} %`),
    );
  };
  return (
    <>
      <p className="menu-title">Run data</p>
      <ul className="menu-list">
        <li>
          <button
            type="button"
            data-testid="export-series-csv"
            onClick={() => void x.run('series (CSV)', seriesCsvFile)}
          >
            Series (CSV)
          </button>
          <button
            type="button"
            data-testid="export-summary-csv"
            onClick={() => void x.run('summary (CSV)', summaryCsvFile)}
          >
            Summary (CSV)
          </button>
          <button
            type="button"
            data-testid="export-run-json"
            onClick={() => void x.run('series and summary (JSON)', runJsonFile)}
          >
            Series and summary (JSON)
          </button>
          <button
            type="button"
            data-testid="export-flent"
            title="Runs the scenario headless for its length with this seed and writes what Flent's runners would record (flent -i reads it)"
            onClick={() => void x.run('Flent data file', flentFile)}
          >
            Flent data file
          </button>
        </li>
      </ul>
    </>
  );
}

/** The scenario as a file Load scenario reads back: the values the run started from and its knob changes. */
export function ScenarioSection({ x }: { x: ExportActions }) {
  const save = () => {
    const st = useExplorer.getState();
    const title = st.presets.find((p) => p.id === st.presetId)?.title;
    const file = {
      presetId: st.presetId,
      seed: st.seed,
      set: st.script.overrides,
      changes: st.script.changes,
    };
    saveText(`${x.base()}-scenario.json`, scenarioFileText(file, title), 'application/json');
  };
  return (
    <>
      <p className="menu-title">Scenario</p>
      <ul className="menu-list">
        <li>
          <button
            type="button"
            data-testid="export-scenario"
            onClick={() => void x.run('scenario (JSON)', save)}
          >
            Scenario (JSON, loads back)
          </button>
        </li>
      </ul>
    </>
  );
}
