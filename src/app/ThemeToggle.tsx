/** Switches between light and dark (the first choice overrides prefers-color-scheme). */
import { useUi } from './state/ui-store';
import type { Theme } from './theme';

export function ThemeToggle({ theme }: { theme: Theme }) {
  const setTheme = useUi((s) => s.setTheme);
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="theme-toggle"
      data-testid="theme-toggle"
      aria-label={`Switch to ${next} theme`}
      onClick={() => setTheme(next)}
    >
      {theme === 'dark' ? '☀ Light' : '☾ Dark'}
    </button>
  );
}
