/** The knobs of the loaded scenario, grouped by layer of the transmit path. */
import { useExplorer } from '../state/explorer-store';
import { useExplorerContext } from '../explorer-context';
import { ParamControl } from './ParamControl';
import { ChangedFields } from './ChangedFields';
import type { Layer, ParamSpec } from '../../worker/protocol';
import './controls.css';

const LAYERS: { layer: Layer; title: string }[] = [
  { layer: 'tcp', title: 'TCP' },
  { layer: 'tsq', title: 'TSQ' },
  { layer: 'qdisc', title: 'qdisc' },
  { layer: 'nic', title: 'NIC / driver' },
  { layer: 'wifi', title: 'WiFi' },
  { layer: 'cpu', title: 'CPU' },
  { layer: 'traffic', title: 'Traffic' },
];

/** `era` is chosen beside the preset, not among the knobs. */
export const ERA_KEY = 'era';

export function ControlsPanel() {
  const { controller } = useExplorerContext();
  const params = useExplorer((s) => s.params);
  const knobs = params.filter((p) => p.key !== ERA_KEY);
  const groups = LAYERS.map((g) => ({ ...g, params: knobs.filter((p) => p.layer === g.layer) })).filter(
    (g) => g.params.length,
  );
  return (
    <section className="controls-panel" aria-label="Parameters">
      <div className="controls-head">
        <h2>Parameters</h2>
        {knobs.length > 0 && (
          <button type="button" onClick={() => void controller.restoreDefaults()}>
            Restore defaults
          </button>
        )}
      </div>
      {knobs.length === 0 && <p className="muted">This scenario has no parameters.</p>}
      {groups.map((g) => (
        <details key={g.layer} className="layer-group" open>
          <summary>
            {g.title} <span className="muted">({g.params.length})</span>
          </summary>
          {g.params.map((p: ParamSpec) => (
            <ParamControl key={p.key} spec={p} />
          ))}
        </details>
      ))}
      <ChangedFields />
    </section>
  );
}
