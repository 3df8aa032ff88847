/** Preset selector, its description and source, and the kernel era when the preset has one. */
import { useShallow } from 'zustand/react/shallow';
import { useExplorer } from '../state/explorer-store';
import { useExplorerContext } from '../explorer-context';
import { ERA_KEY } from './ControlsPanel';
import { SelectField } from './SelectField';
import { CitationLink } from '../learn/CitationLink';

export function PresetPicker() {
  const { controller } = useExplorerContext();
  const { presets, presetId, era, eraValue } = useExplorer(
    useShallow((s) => ({
      presets: s.presets,
      presetId: s.presetId,
      era: s.params.find((p) => p.key === ERA_KEY),
      eraValue: s.values[ERA_KEY],
    })),
  );
  const current = presets.find((p) => p.id === presetId);
  return (
    <div className="preset-picker">
      <PresetSelect testId="preset" />
      {era?.options && (
        <label className="field">
          <span>Kernel era</span>
          <select
            value={String(eraValue ?? '')}
            data-testid="era"
            onChange={(e) => {
              const o = era.options?.find((x) => String(x.value) === e.target.value);
              if (o) void controller.setEra(o.value);
            }}
          >
            {era.options.map((o) => (
              <option key={String(o.value)} value={String(o.value)}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {current && (
        <p className="preset-desc">
          {current.description}
          {current.source && (
            <span className="muted">
              {' '}
              Source: <CitationLink c={current.source} />
            </span>
          )}
        </p>
      )}
    </div>
  );
}

/** The preset list; choosing one loads it in the explorer (the A/B and Sweep views start from there too). */
export function PresetSelect({ testId }: { testId: string }) {
  const { controller } = useExplorerContext();
  const { presets, presetId } = useExplorer(
    useShallow((s) => ({ presets: s.presets, presetId: s.presetId })),
  );
  return (
    <SelectField
      label="Preset"
      value={presetId}
      choices={presets.map((p) => ({ value: p.id, label: p.title }))}
      onChange={(id) => void controller.loadPreset(id, {})}
      testId={testId}
    />
  );
}
