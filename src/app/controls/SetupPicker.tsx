/**
 * The preset and parameter pickers that open the A/B and Sweep views: both
 * start from the explorer's configuration, so changing the preset here loads
 * it in the explorer.
 */
import type { ParamSpec, PresetInfo } from '../../worker/protocol';

export function SetupPicker({
  testIdPrefix,
  presets,
  presetId,
  onPreset,
  params,
  paramKey,
  onParam,
}: {
  /** `ab` or `sweep`: the pickers are `<prefix>-preset` and `<prefix>-param`. */
  testIdPrefix: string;
  presets: readonly PresetInfo[];
  presetId: string;
  onPreset: (id: string) => void;
  params: readonly ParamSpec[];
  paramKey: string;
  onParam: (key: string) => void;
}) {
  return (
    <>
      <label className="field">
        <span>Preset</span>
        <select value={presetId} data-testid={`${testIdPrefix}-preset`} onChange={(e) => onPreset(e.target.value)}>
          {presets.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Parameter</span>
        <select value={paramKey} data-testid={`${testIdPrefix}-param`} onChange={(e) => onParam(e.target.value)}>
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
