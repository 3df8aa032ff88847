/** The five reference experiments, the cross-checks and free play as a list, and the one chosen. */
import { useShallow } from 'zustand/react/shallow';
import { useExplorerContext } from '../explorer-context';
import { useNav } from '../state/nav-store';
import { batchProgress, useBatches } from '../sweep/batch-store';
import { CROSS_CHECKS, findCrossCheck } from '../../sim/scenario/cross-checks';
import { CrossCheckDetail, crossCheckBatch } from './CrossCheckDetail';
import { ExperimentDetail, batchName } from './ExperimentDetail';
import { openInExplorer } from './open-in-explorer';
import { FREE_PLAY_PRESETS, REFERENCE_PRESETS, referencePreset } from './table-model';

function Status({ name }: { name: string }) {
  const b = useBatches((s) => s.batches[name]);
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
  const check = findCrossCheck(experimentId);
  const current = check ? undefined : (referencePreset(experimentId) ?? REFERENCE_PRESETS[0]);
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
                <Status name={batchName(p.id)} />
              </button>
            </li>
          ))}
        </ul>
        <h2>Cross-checks</h2>
        <ul>
          {CROSS_CHECKS.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className="list-item"
                aria-current={c.id === check?.id ? 'page' : undefined}
                data-testid={`exp-${c.id}`}
                onClick={() => go('experiments', c.id)}
              >
                {c.title}
                <Status name={crossCheckBatch(c.id)} />
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
      {check && <CrossCheckDetail check={check} />}
      {current && <ExperimentDetail preset={current} />}
    </div>
  );
}
