/**
 * The pages beside the explorer (experiments, sweep, A/B). The explorer's own
 * run pauses while one is open, so the sweep workers get the cores, and
 * resumes on return if it was running. What a link named that does not
 * exist is reported here as on the explorer.
 */
import { useEffect } from 'react';
import { useExplorerContext } from '../explorer-context';
import { useExplorer } from '../state/explorer-store';
import type { AppView } from '../state/nav-store';
import type { Theme } from '../theme';
import { ThemeToggle } from '../ThemeToggle';
import { AbView } from '../ab/AbView';
import { SweepView } from '../sweep/SweepView';
import { ExperimentsView } from './ExperimentsView';
import { ViewSwitch } from './ViewSwitch';
import { ShareNotices } from '../share/ShareNotices';
import { CompareView } from '../flent/CompareView';

export function ToolsPage({ view, theme }: { view: Exclude<AppView, 'explorer' | 'learn'>; theme: Theme }) {
  const { controller } = useExplorerContext();
  useEffect(() => {
    const wasRunning = useExplorer.getState().status.running;
    if (wasRunning) controller.pause();
    return () => {
      if (wasRunning) controller.play();
    };
  }, [controller]);
  return (
    <div className="tools-page">
      <header className="topbar">
        <h1>TSQ Lab</h1>
        <ViewSwitch />
        <ThemeToggle theme={theme} />
      </header>
      <main>
        <ShareNotices />
        {view === 'experiments' && <ExperimentsView />}
        {view === 'sweep' && <SweepView />}
        {view === 'ab' && <AbView />}
        {view === 'compare' && <CompareView />}
      </main>
    </div>
  );
}
