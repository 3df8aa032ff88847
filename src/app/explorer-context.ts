/** React context giving components the controller, the chart scheduler and the chart colours. */
import { createContext, useContext } from 'react';
import type { SimController } from './sim-controller';
import type { ChartScheduler } from './charts/scheduler';
import type { ChartTheme } from './charts/chart-theme';

export interface ExplorerContextValue {
  controller: SimController;
  scheduler: ChartScheduler;
  chartTheme: ChartTheme;
}

export const ExplorerContext = createContext<ExplorerContextValue | null>(null);

export function useExplorerContext(): ExplorerContextValue {
  const v = useContext(ExplorerContext);
  if (!v) throw new Error('ExplorerContext missing');
  return v;
}
