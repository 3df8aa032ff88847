/** Navigation between the explorer, the reference experiments, sweeps and A/B comparison. */
import { useNav, VIEWS } from '../state/nav-store';
import './experiments.css';

export function ViewSwitch() {
  const view = useNav((s) => s.view);
  const go = useNav((s) => s.go);
  return (
    <nav className="view-switch" aria-label="Views">
      {VIEWS.map((v) => (
        <button
          key={v.id}
          type="button"
          aria-current={v.id === view ? 'page' : undefined}
          data-testid={`view-${v.id}`}
          onClick={() => go(v.id)}
        >
          {v.label}
        </button>
      ))}
    </nav>
  );
}
