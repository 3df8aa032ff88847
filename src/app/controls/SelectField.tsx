/** A labelled <select> over a list of choices: the form every picker in the app shares. */
export interface Choice {
  value: string | number;
  label: string;
}

export function SelectField({
  label,
  value,
  choices,
  onChange,
  testId,
}: {
  label: string;
  value: string | number;
  choices: readonly Choice[];
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}
