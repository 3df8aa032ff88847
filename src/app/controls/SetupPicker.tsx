/**
 * The preset and parameter pickers that open the A/B and Sweep views: both
 * start from the explorer's configuration, so changing the preset here loads
 * it in the explorer.
 */
import type { ParamSpec } from '../../worker/protocol';
import { useNav } from '../state/nav-store';
import { PresetSelect } from './PresetPicker';

export function SetupPicker({
  testIdPrefix,
  params,
  paramKey,
  onParam,
}: {
  /** `ab` or `sweep`: the pickers are `<prefix>-preset` and `<prefix>-param`. */
  testIdPrefix: string;
  params: readonly ParamSpec[];
  paramKey: string;
  onParam: (key: string) => void;
}) {
  return (
    <>
      <PresetSelect testId={`${testIdPrefix}-preset`} />
      <label className="field">
        <span>Parameter</span>
        <select
          value={paramKey}
          data-testid={`${testIdPrefix}-param`}
          onChange={(e) => onParam(e.target.value)}
        >
          {params.map((p) => (
            <option key={p.key} value={p.key}>
              {p.label} ({p.key})
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

/** The line under a setup view's title: what it starts from, and the way back to change it. */
export function FromExplorerNote({ children }: { children: string }) {
  return (
    <p className="muted small">
      {children}{' '}
      <button type="button" className="link" onClick={() => useNav.getState().go('explorer')}>
        Change it in the explorer
      </button>
    </p>
  );
}
