/** The explorer page: composition only (header, parameters, timelines, packet path and summary). */
import { lazy, Suspense, useMemo } from 'react';
import { ExplorerContext } from './explorer-context';
import { useRuntime } from './use-runtime';
import { useTheme } from './theme';
import { useExplorer } from './state/explorer-store';
import { ThemeToggle } from './ThemeToggle';
import { PresetPicker } from './controls/PresetPicker';
import { RunControls } from './controls/RunControls';
import { ControlsPanel } from './controls/ControlsPanel';
import { Timelines } from './charts/Timelines';
import { SummaryStrip } from './panels/SummaryStrip';
import { PacketPath } from './panels/PacketPath';
import { useNav } from './state/nav-store';
import { ViewSwitch } from './experiments/ViewSwitch';
import { ShareTools } from './share/ShareTools';
import { WorkerNotice } from './robustness/WorkerNotice';
import { SlowNotice } from './robustness/SlowNotice';
import { PhoneBar, usePhone } from './controls/PhoneBar';
import { useKnobInHand } from './controls/knob-in-hand';
import { FirstVisit } from './learn/FirstVisit';
import { MeasuredPanel } from './flent/MeasuredPanel';
import './app.css';

// The Learn view and its lesson player load when the view is opened: the explorer starts without them.
const LearnView = lazy(() => import('./learn/LearnView').then((m) => ({ default: m.LearnView })));
// So do the experiments, the sweep and A/B (the initial JavaScript stays within its 250 KB).
const ToolsPage = lazy(() => import('./experiments/ToolsPage').then((m) => ({ default: m.ToolsPage })));

function ErrorBanner() {
  const error = useExplorer((s) => s.error);
  return error ? (
    <p className="error-banner" role="alert">
      {error}
    </p>
  ) : null;
}

export function App() {
  const rt = useRuntime();
  const { theme, chartTheme } = useTheme();
  const ctx = useMemo(() => (rt ? { ...rt, chartTheme } : null), [rt, chartTheme]);
  const view = useNav((s) => s.view);
  const phone = usePhone();
  const sheet = useKnobInHand((s) => s.sheet) && phone;
  if (!ctx) return null;
  if (view === 'learn') {
    return (
      <ExplorerContext.Provider value={ctx}>
        <Suspense fallback={<p className="muted">Loading the lessons…</p>}>
          <LearnView theme={theme} />
        </Suspense>
      </ExplorerContext.Provider>
    );
  }
  if (view !== 'explorer') {
    return (
      <ExplorerContext.Provider value={ctx}>
        <Suspense fallback={<p className="muted">Loading…</p>}>
          <ToolsPage view={view} theme={theme} />
        </Suspense>
      </ExplorerContext.Provider>
    );
  }
  return (
    <ExplorerContext.Provider value={ctx}>
      <div className="app">
        {/* The first Tab stop: past the top bar's controls, straight to the knobs. */}
        <a className="skip-link" href="#parameters" data-testid="skip-to-parameters">
          Skip to the parameters
        </a>
        <header className="topbar">
          <h1>TSQ Lab</h1>
          <ViewSwitch />
          <PresetPicker />
          <RunControls />
          <ShareTools />
          <ThemeToggle theme={theme} />
          <ErrorBanner />
          <WorkerNotice />
          <SlowNotice />
        </header>
        {phone && <PhoneBar />}
        <aside id="parameters" tabIndex={-1} className={sheet ? 'col-controls sheet-open' : 'col-controls'}>
          <ControlsPanel />
        </aside>
        <main className="col-centre">
          <FirstVisit />
          <Timelines />
        </main>
        <aside className="col-side" aria-label="Run summary and packet path">
          <SummaryStrip />
          <MeasuredPanel />
          <PacketPath />
        </aside>
      </div>
    </ExplorerContext.Provider>
  );
}
