/**
 * A scenario file checked in full, with the core's validation behind
 * `load` (a short-lived worker in the app, a SimHost in tests): its shape
 * (./scenario-file.ts) and its parameters, every problem by field at once —
 * a bad seed does not hide bad parameters.
 */
import { resolveShared, type Loader, type Resolved } from '../share/resolve';
import { noticeText } from '../share/url-state';
import type { PresetInfo } from '../../worker/protocol';
import { parseScenarioFile } from './scenario-file';

export type CheckedFile =
  { ok: true; resolved: Resolved & { presetId: string }; seed: number } | { ok: false; errors: string[] };

export async function checkScenarioFile(
  text: string,
  presets: readonly PresetInfo[],
  load: Loader,
): Promise<CheckedFile> {
  const parsed = parseScenarioFile(text, presets);
  if (!parsed.ok && !parsed.partial) return parsed;
  const shapeErrors = parsed.ok ? [] : parsed.errors;
  const { presetId, seed, set } = parsed.ok ? parsed.file : parsed.partial!;
  let r: Resolved;
  try {
    r = await resolveShared(load, presets, { presetId, set, seed }, undefined);
  } catch (e) {
    return {
      ok: false,
      errors: [...shapeErrors, `the scenario could not be checked: ${(e as Error).message}`],
    };
  }
  if (shapeErrors.length || r.notices.length || r.presetId === null) {
    return {
      ok: false,
      errors: [
        ...shapeErrors,
        ...r.notices.map((n) => (n.field === 'preset' ? noticeText(n) : `set.${noticeText(n)}`)),
      ],
    };
  }
  return { ok: true, resolved: { ...r, presetId: r.presetId }, seed };
}
