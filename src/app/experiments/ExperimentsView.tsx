/** The five reference experiments (and free play) as a list, and the one chosen. */
import { useShallow } from 'zustand/react/shallow';
import { useExplorerContext } from '../explorer-context';
import { useNav } from '../state/nav-store';
import { batchProgress, useBatches } from '../sweep/batch-store';
import { ExperimentDetail, batchName } from './ExperimentDetail';
import { openInExplorer } from './open-in-explorer';
import { FREE_PLAY_PRESETS, REFERENCE_PRESETS, referencePreset } from './table-model';

function Status({ presetId }: { presetId: string }) {
  const b = useBatches((s) => s.batches[batchName(presetId)]);
  const p = batchProgress(b);
  if (!b) return null;
  return (
    <span className="muted small">
      {' '}
      ·{' '}
      {b.status === 'running' ? `${Math.round(p.fraction * 100)} %` : `${p.finished}/${p.total} ${b.status}`}
    </span>
  );
}

export function ExperimentsView() {
  const { controller } = useExplorerContext();
  const { experimentId, go } = useNav(useShallow((s) => ({ experimentId: s.experimentId, go: s.go })));
  const current = referencePreset(experimentId) ?? REFERENCE_PRESETS[0];
  return (
    <div className="experiments-layout">
      <nav className="experiment-list" aria-label="Reference experiments">
        <h2>Reference experiments</h2>
        <ul>
          {REFERENCE_PRESETS.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className="list-item"
                aria-current={p.id === current?.id ? 'page' : undefined}
                data-testid={`exp-${p.id}`}
                onClick={() => go('experiments', p.id)}
              >
                {p.title}
                <Status presetId={p.id} />
              </button>
            </li>
          ))}
        </ul>
        <h2>Free play</h2>
        <ul>
          {FREE_PLAY_PRESETS.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className="list-item"
                title={p.description}
                onClick={() => void openInExplorer(controller, p.id, {})}
              >
                {p.title} <span className="muted small">→ explorer</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {current && <ExperimentDetail preset={current} />}
    </div>
  );
}
