/**
 * The parameters an A/B comparison varies: one row per knob (the knob, A's
 * value, B's value), as many rows as wanted, each removable.
 */
import type { ParamSpec } from '../../worker/protocol';
import { COLOR_A, COLOR_B } from './DiffStrip';

export interface AbRow {
  key: string;
  a: string;
  b: string;
}

function ValueInput({
  spec,
  value,
  onChange,
  testId,
  label,
}: {
  spec: ParamSpec;
  value: string;
  onChange: (v: string) => void;
  testId: string;
  label: string;
}) {
  if (spec.kind === 'enum' || spec.kind === 'bool') {
    const opts =
      spec.kind === 'bool'
        ? [
            { value: 'true', label: 'on' },
            { value: 'false', label: 'off' },
          ]
        : (spec.options ?? []);
    return (
      <select
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
        aria-label={label}
      >
        {opts.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      type="text"
      inputMode="decimal"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      data-testid={testId}
      aria-label={label}
      size={8}
    />
  );
}

/** Test ids: the first row's are ab-param, ab-value-a, ab-value-b; row n's end in -n. */
const tid = (base: string, i: number) => (i === 0 ? base : `${base}-${i}`);

export function AbSetupRows({
  rows,
  params,
  onChange,
  onAdd,
}: {
  rows: AbRow[];
  params: readonly ParamSpec[];
  onChange: (rows: AbRow[]) => void;
  onAdd: () => void;
}) {
  const set = (i: number, r: Partial<AbRow>) => onChange(rows.map((x, k) => (k === i ? { ...x, ...r } : x)));
  return (
    <div className="ab-rows">
      {rows.map((r, i) => {
        const spec = params.find((p) => p.key === r.key);
        return (
          <div className="setup-row ab-row" key={i}>
            <label className="field">
              <span>Parameter</span>
              <select
                value={r.key}
                data-testid={tid('ab-param', i)}
                onChange={(e) => set(i, { key: e.target.value })}
              >
                {params.map((p) => (
                  <option
                    key={p.key}
                    value={p.key}
                    disabled={p.key !== r.key && rows.some((x) => x.key === p.key)}
                  >
                    {p.label}
                  </option>
                ))}
              </select>
            </label>
            {spec && (
              <>
                <label className="field">
                  <span style={{ color: COLOR_A }}>A{spec.unit ? ` (${spec.unit})` : ''}</span>
                  <ValueInput
                    spec={spec}
                    value={r.a}
                    onChange={(v) => set(i, { a: v })}
                    testId={tid('ab-value-a', i)}
                    label={`A: ${spec.label}`}
                  />
                </label>
                <label className="field">
                  <span style={{ color: COLOR_B }}>B{spec.unit ? ` (${spec.unit})` : ''}</span>
                  <ValueInput
                    spec={spec}
                    value={r.b}
                    onChange={(v) => set(i, { b: v })}
                    testId={tid('ab-value-b', i)}
                    label={`B: ${spec.label}`}
                  />
                </label>
              </>
            )}
            {rows.length > 1 && (
              <button
                type="button"
                className="link"
                onClick={() => onChange(rows.filter((_, k) => k !== i))}
                aria-label={`Compare without ${spec?.label ?? r.key}`}
              >
                remove
              </button>
            )}
          </div>
        );
      })}
      <button type="button" data-testid="ab-add" onClick={onAdd} disabled={rows.length >= params.length}>
        + Another parameter
      </button>
    </div>
  );
}
