/**
 * Turns a shared state (a link or a scenario file) into a preset and the
 * overrides the core accepts. The core is the one validation layer: this
 * asks a worker to load the preset and drops each override the core rejects,
 * keeping the core's message (it names the field, the value and what is
 * allowed; an unknown path is "not a field of this scenario"). Each step that fails leaves the
 * worker's current run untouched (SimHost.load installs only on success).
 */
import type { LoadRequest, LoadResult, ParamValue, PresetInfo } from '../../worker/protocol';
import { shown, type ShareNotice } from './url-state';

export type Loader = (req: LoadRequest) => Promise<LoadResult>;

export interface Resolved {
  /** null when no preset could be loaded at all. */
  presetId: string | null;
  /** Accepted overrides, typed as the core reports them. */
  overrides: Record<string, ParamValue>;
  /** The knob values of the preset without overrides. */
  presetValues: Record<string, ParamValue>;
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
  req: { presetId?: string; set: Record<string, ParamValue>; seed: number },
  fallbackId: string | undefined = presets[0]?.id,
): Promise<Resolved> {
  const notices: ShareNotice[] = [];
  const none = { presetId: null, overrides: {}, presetValues: {}, notices };
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
  // Each round drops at least one override, so this ends.
  while (Object.keys(set).length) {
    const r = await load({ presetId, overrides: set, seed: req.seed });
    if (r.ok) return { ...base, overrides: typed(set, r.values) };
    const blamed = Object.keys(set).filter((k) => messagesFor(r.error, k).length);
    if (!blamed.length) {
      // A rule across fields that names none of the overrides: none of them can be kept.
      for (const k of Object.keys(set))
        notices.push({ field: k, value: shown(String(set[k])), reason: r.error });
      return { ...base, overrides: {} };
    }
    for (const k of blamed) {
      notices.push({ field: k, value: shown(String(set[k])), reason: messagesFor(r.error, k).join('; ') });
      delete set[k];
    }
  }
  return { ...base, overrides: {} };
}
