/**
 * Turns a shared state (a link or a scenario file) into a preset and the
 * overrides the core accepts. The core is the one validation layer: this
 * asks a worker to load the preset and drops each override the core rejects,
 * keeping the core's message (it names the field, the value and what is
 * allowed; an unknown path is "not a field of this scenario"). Each step that fails leaves the
 * worker's current run untouched (SimHost.load installs only on success).
 */
import type {
  LoadRequest,
  LoadResult,
  ParamSpec,
  ParamValue,
  PresetInfo,
  ScheduledChange,
} from '../../worker/protocol';
import { parseField } from '../controls/param-field';
import { formatLinkChange, typedChangeValue } from './change-codec';
import { formatParamValue, shown, type ShareNotice } from './url-state';

/** A knob change as a link (value as text) or a file (value typed or text) gives it. */
export type GivenChange = { atUs: number; key: string; value: ParamValue | null };

export type Loader = (req: LoadRequest) => Promise<LoadResult>;

export interface Resolved {
  /** null when no preset could be loaded at all. */
  presetId: string | null;
  /** Accepted overrides, typed as the core reports them. */
  overrides: Record<string, ParamValue>;
  /** The knob values of the preset without overrides. */
  presetValues: Record<string, ParamValue>;
  /** Accepted knob changes during the run, typed as the knobs take them. */
  changes: ScheduledChange[];
  notices: ShareNotice[];
}

/** The '; '-joined messages of a ScenarioError that concern `key`. */
export function messagesFor(error: string, key: string): string[] {
  // "key = …", "key is …", or a field inside it ("key.sub = …") when the value is an object.
  return error.split('; ').filter((m) => m === key || m.startsWith(`${key} `) || m.startsWith(`${key}.`));
}

/** Types each accepted text value as the core reports it (null stays null). */
function typed(
  set: Record<string, ParamValue>,
  values: Record<string, ParamValue>,
): Record<string, ParamValue> {
  const out: Record<string, ParamValue> = {};
  for (const [k, v] of Object.entries(set)) out[k] = v === 'null' || !(k in values) ? v : values[k];
  return out;
}

/**
 * Resolves `presetId` + `set` with `load`. An unknown preset falls back to
 * `fallbackId` (when given) with a notice.
 */
export async function resolveShared(
  load: Loader,
  presets: readonly PresetInfo[],
  req: { presetId?: string; set: Record<string, ParamValue>; seed: number; changes?: readonly GivenChange[] },
  fallbackId: string | undefined = presets[0]?.id,
): Promise<Resolved> {
  const notices: ShareNotice[] = [];
  const none = { presetId: null, overrides: {}, presetValues: {}, changes: [], notices };
  let presetId = req.presetId;
  if (presetId !== undefined && !presets.some((p) => p.id === presetId)) {
    notices.push({
      field: 'preset',
      value: shown(presetId),
      reason: `is not a preset; the presets are ${presets.map((p) => p.id).join(', ')}`,
    });
    presetId = undefined;
  }
  presetId ??= fallbackId;
  if (!presetId) return none;
  const probe = await load({ presetId, overrides: {}, seed: req.seed });
  if (!probe.ok) {
    notices.push({ field: 'preset', value: presetId, reason: probe.error });
    return none;
  }
  // Any scenario path the core accepts, as with the CLI's --set: the cells of a reference
  // table set fields that are no knob (e.g. link.xen = null for the bare-metal NIC runs).
  const set: Record<string, ParamValue> = { ...req.set };
  const base = { presetId, presetValues: probe.values, notices };
  const withChanges = async (overrides: Record<string, ParamValue>): Promise<Resolved> => ({
    ...base,
    overrides,
    changes: await resolveChanges(
      load,
      { presetId, overrides, seed: req.seed },
      probe.params,
      req.changes,
      notices,
    ),
  });
  // Each round drops at least one override, so this ends.
  while (Object.keys(set).length) {
    const r = await load({ presetId, overrides: set, seed: req.seed });
    if (r.ok) return withChanges(typed(set, r.values));
    const blamed = Object.keys(set).filter((k) => messagesFor(r.error, k).length);
    if (!blamed.length) {
      // A rule across fields that names none of the overrides: none of them can be kept.
      for (const k of Object.keys(set))
        notices.push({ field: k, value: shown(String(set[k])), reason: r.error });
      return withChanges({});
    }
    for (const k of blamed) {
      notices.push({ field: k, value: shown(String(set[k])), reason: messagesFor(r.error, k).join('; ') });
      delete set[k];
    }
  }
  return withChanges({});
}

/**
 * The link's knob changes the core accepts on top of the resolved start:
 * each value typed as its knob takes it, then each change the core names
 * (`changes.N…`) dropped with its message, until the rest loads.
 */
async function resolveChanges(
  load: Loader,
  req: LoadRequest,
  params: readonly ParamSpec[],
  list: readonly GivenChange[] | undefined,
  notices: ShareNotice[],
): Promise<ScheduledChange[]> {
  let left = (list ?? []).map((c) => ({
    text: formatLinkChange({ ...c, value: formatParamValue(c.key, c.value) }),
    change: {
      atUs: c.atUs,
      key: c.key,
      value:
        typeof c.value === 'string'
          ? typedChangeValue(
              params.find((p) => p.key === c.key),
              c.value,
              (t) => parseField(c.key, t),
            )
          : c.value,
    },
  }));
  // Each round drops at least one change, so this ends.
  while (left.length) {
    const r = await load({ ...req, changes: left.map((x) => x.change) });
    if (r.ok) return left.map((x) => x.change);
    const blamed = left.filter((_, i) => messagesFor(r.error, `changes.${i}`).length);
    for (const x of blamed.length ? blamed : left) {
      const i = left.indexOf(x);
      const why = blamed.length ? messagesFor(r.error, `changes.${i}`) : [r.error];
      notices.push({
        field: 'at',
        value: shown(x.text),
        reason: why.map((m) => m.replace(`changes.${i}.`, '')).join('; '),
      });
    }
    left = blamed.length ? left.filter((x) => !blamed.includes(x)) : [];
  }
  return [];
}
