/** React context giving components the controller, the chart scheduler and the chart colours. */
import { createContext, useContext } from 'react';
import type { SimController } from './sim-controller';
import type { ChartScheduler } from './charts/scheduler';
import type { ChartTheme } from './charts/chart-theme';
import type { ExtentSource } from './charts/extent-source';
import type { Panel } from '../worker/protocol';

export interface ExplorerContextValue {
  controller: SimController;
  scheduler: ChartScheduler;
  chartTheme: ChartTheme;
  /** Where each panel's y extents come from when they are shared (A/B); absent: each track its own. */
  extents?: (panel: Panel) => ExtentSource;
}

export const ExplorerContext = createContext<ExplorerContextValue | null>(null);

export function useExplorerContext(): ExplorerContextValue {
  const v = useContext(ExplorerContext);
  if (!v) throw new Error('ExplorerContext missing');
  return v;
}
