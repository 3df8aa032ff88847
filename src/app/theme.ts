/** Light/dark theme: the user's choice or prefers-color-scheme, applied as data-theme on <html>. */
import { useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { useUi, type ThemeChoice } from './state/ui-store';
import { readChartTheme, type ChartTheme } from './charts/chart-theme';

export type Theme = 'light' | 'dark';

const QUERY = '(prefers-color-scheme: dark)';

export function systemTheme(): Theme {
  return typeof matchMedia === 'function' && matchMedia(QUERY).matches ? 'dark' : 'light';
}

export function applyTheme(choice: ThemeChoice): Theme {
  const t = choice ?? systemTheme();
  document.documentElement.dataset.theme = t;
  document.documentElement.style.colorScheme = t;
  return t;
}

function subscribeSystem(cb: () => void): () => void {
  const mq = matchMedia(QUERY);
  mq.addEventListener('change', cb);
  return () => mq.removeEventListener('change', cb);
}

/** The effective theme, kept applied to the document, and the chart colours read from it. */
export function useTheme(): { theme: Theme; chartTheme: ChartTheme } {
  const choice = useUi((s) => s.theme);
  const system = useSyncExternalStore(subscribeSystem, systemTheme);
  const theme = choice ?? system;
  const [chart, setChart] = useState<{ theme: Theme; colors: ChartTheme } | null>(null);
  useLayoutEffect(() => {
    applyTheme(theme);
    setChart({ theme, colors: readChartTheme() });
  }, [theme]);
  return { theme, chartTheme: chart?.colors ?? readChartTheme() };
}
