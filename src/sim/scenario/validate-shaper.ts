/**
 * Cross-field rules of the shaper blocks (`shaper`, `router.shaper`,
 * `router.down.shaper`): what
 * tc or the kernel would refuse (tbf without burst, a tbf peak rate not above
 * its rate, htb/tbf with a negative overhead or PTM framing), and a shaper
 * where the model has no wired interface for it.
 */
import type { Scenario } from './scenario';

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** Eras before Linux 4.19, which merged sch_cake (046f6fd5daef). */
const PRE_CAKE_ERAS: readonly unknown[] = ['3.6', '4.1', '4.9', '4.16', '4.17'];

function checkShaper(path: string, sh: Record<string, unknown>, era: unknown, errors: string[]): void {
  const kind = sh.kind;
  if (kind === 'cake' && PRE_CAKE_ERAS.includes(era))
    errors.push(
      `${path}.kind = "cake" needs Linux 4.19 or later (sch_cake was merged in 4.19); the era is ${String(era)}`,
    );
  if (kind === 'tbf' && sh.burstBytes === null)
    errors.push(`${path}.burstBytes is required for tbf (tc: "the burst parameter is mandatory")`);
  if (
    kind === 'tbf' &&
    typeof sh.peakrateBps === 'number' &&
    typeof sh.rateBps === 'number' &&
    sh.peakrateBps > 0 &&
    sh.peakrateBps <= sh.rateBps
  )
    errors.push(
      `${path}.peakrateBps = ${sh.peakrateBps} must be above ${path}.rateBps = ${sh.rateBps} (tbf_change refuses a peak rate at or below the rate)`,
    );
  if (kind !== 'cake' && typeof sh.overheadBytes === 'number' && sh.overheadBytes < 0)
    errors.push(
      `${path}.overheadBytes = ${sh.overheadBytes} is not allowed for ${String(kind)}: tc_ratespec's overhead is unsigned (a negative overhead is cake's)`,
    );
  if (kind !== 'cake' && sh.linklayer === 'ptm')
    errors.push(`${path}.linklayer = "ptm" is cake's framing; ${String(kind)} takes ethernet or atm`);
}

export function checkShapers(s: Scenario, errors: string[]): void {
  const top = s.shaper as unknown;
  if (isObject(top)) {
    checkShaper('shaper', top, s.era, errors);
    if (s.wifi !== null && s.wifi !== undefined)
      errors.push('shaper applies to a wired sender; a WiFi scenario has no such interface (set it to null)');
  }
  const r = s.router as unknown;
  if (isObject(r) && isObject(r.shaper)) checkShaper('router.shaper', r.shaper, s.era, errors);
  const down = isObject(r) ? r.down : undefined;
  if (isObject(down) && isObject(down.shaper)) checkShaper('router.down.shaper', down.shaper, s.era, errors);
}
