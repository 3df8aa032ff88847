/** The five reference experiments, the cross-checks and free play as a list, and the one chosen. */
import { useExplorerContext } from '../explorer-context';
import { useNav } from '../state/nav-store';
import { batchProgress, useBatches } from '../sweep/batch-store';
import { CROSS_CHECKS, findCrossCheck } from '../../sim/scenario/cross-checks';
import { CrossCheckDetail, crossCheckBatch } from './CrossCheckDetail';
import { ExperimentDetail, batchName } from './ExperimentDetail';
import { lessonHref, PRESET_LESSONS } from './lesson-links';
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

/** A reference experiment or a cross-check in the list: opens it, and shows its runs' progress. */
function Entry({
  id,
  title,
  current,
  batch,
}: {
  id: string;
  title: string;
  current: boolean;
  batch: string;
}) {
  const go = useNav((s) => s.go);
  return (
    <li>
      <button
        type="button"
        className="list-item"
        aria-current={current ? 'page' : undefined}
        data-testid={`exp-${id}`}
        onClick={() => go('experiments', id)}
      >
        {title}
        <Status name={batch} />
      </button>
    </li>
  );
}

export function ExperimentsView() {
  const { controller } = useExplorerContext();
  const experimentId = useNav((s) => s.experimentId);
  const check = findCrossCheck(experimentId);
  const current = check ? undefined : (referencePreset(experimentId) ?? REFERENCE_PRESETS[0]);
  return (
    <div className="experiments-layout">
      <nav className="experiment-list" aria-label="Reference experiments">
        <h2>Reference experiments</h2>
        <ul>
          {REFERENCE_PRESETS.map((p) => (
            <Entry
              key={p.id}
              id={p.id}
              title={p.title}
              current={p.id === current?.id}
              batch={batchName(p.id)}
            />
          ))}
        </ul>
        <h2>Cross-checks</h2>
        <ul>
          {CROSS_CHECKS.map((c) => (
            <Entry
              key={c.id}
              id={c.id}
              title={c.title}
              current={c.id === check?.id}
              batch={crossCheckBatch(c.id)}
            />
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
              {(PRESET_LESSONS[p.id] ?? []).map((l) => (
                <a
                  key={l.lessonId}
                  className="list-item lesson-link"
                  href={lessonHref(l.lessonId)}
                  data-testid={`lesson-link-${l.lessonId}`}
                >
                  <span className="muted small">lesson:</span> {l.title}{' '}
                  <span className="muted small">→ learn</span>
                </a>
              ))}
            </li>
          ))}
        </ul>
      </nav>
      {check && <CrossCheckDetail check={check} />}
      {current && <ExperimentDetail preset={current} />}
    </div>
  );
}
