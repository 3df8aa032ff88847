/**
 * Fields the scenario changes that are not among the preset's knobs (set by
 * a link, a scenario file or a reference table's run, e.g. link.xen.evtchnUs
 * or receiver.delackMs): each is listed with its value and can be reset, so
 * that everything a link or file can set can also be undone from the page.
 */
import { useExplorer } from '../state/explorer-store';
import { useExplorerContext } from '../explorer-context';
import { formatParamValue } from '../share/url-state';
/** The era is chosen beside the preset (ControlsPanel's ERA_KEY). */
const ERA_KEY = 'era';

export function ChangedFields() {
  const { controller } = useExplorerContext();
  const overrides = useExplorer((s) => s.overrides);
  const params = useExplorer((s) => s.params);
  const presetId = useExplorer((s) => s.presetId);
  const knobs = new Set(params.map((p) => p.key));
  const extra = Object.keys(overrides ?? {}).filter((k) => !knobs.has(k) && k !== ERA_KEY);
  if (!extra.length) return null;
  const without = (key: string) => Object.fromEntries(Object.entries(overrides).filter(([k]) => k !== key));
  return (
    <details className="layer-group changed-fields" open data-testid="changed-fields">
      <summary>
        Other changed fields <span className="muted">({extra.length})</span>
      </summary>
      <p className="help">
        Set by the link or file, not knobs of this preset. Resetting one restarts the run.
      </p>
      <ul>
        {extra.map((k) => (
          <li key={k} data-field={k}>
            <code>
              {k} = {formatParamValue(k, overrides[k])}
            </code>
            <button
              type="button"
              className="link"
              onClick={() => void controller.loadPreset(presetId, without(k))}
              aria-label={`Reset ${k} to the preset's value`}
            >
              reset
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
