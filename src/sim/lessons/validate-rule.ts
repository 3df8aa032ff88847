/**
 * Checks a step's kernel rule (./format.ts KernelRule): its function, file
 * and kernel named, a link to a line of a kernel tree that names the same
 * file, and code lines whose placeholders read the run (./validate-refs.ts).
 */
import { parseText } from './text';
import { refErrors, show, type StepScope } from './validate-refs';

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const isStr = (x: unknown): x is string => typeof x === 'string' && x.trim().length > 0;

const KERNEL_LINK =
  /^https:\/\/(github\.com\/[\w.-]+\/[\w.-]+\/blob\/[0-9a-f]{40}\/[\w./-]+#L\d+|elixir\.bootlin\.com\/linux\/v[\d.]+\/source\/[\w./-]+#L\d+)$/;

/** A kernel rule: its function, file, a link to a line of a kernel tree, and code lines whose placeholders read the run. */
export function ruleErrors(at: string, r: unknown, scope: StepScope, errors: string[]): void {
  if (r === undefined) return;
  if (!isObj(r)) {
    errors.push(`${at}.rule: expected { function, file, kernel, url, lines }`);
    return;
  }
  for (const k of ['function', 'file', 'kernel'] as const)
    if (!isStr(r[k])) errors.push(`${at}.rule.${k}: expected text`);
  if (typeof r.url !== 'string' || !KERNEL_LINK.test(r.url))
    errors.push(
      `${at}.rule.url = ${show(r.url)}: expected a link to a line of a kernel tree (github.com/<owner>/<repo>/blob/<commit>/<file>#L<n> or elixir.bootlin.com)`,
    );
  else if (typeof r.file === 'string' && !r.url.includes(`/${r.file}#L`))
    errors.push(`${at}.rule.url: does not name the rule's file ${show(r.file)}`);
  if (!Array.isArray(r.lines) || !r.lines.length) {
    errors.push(`${at}.rule.lines: expected lines of code`);
    return;
  }
  r.lines.forEach((l: unknown, i) => {
    if (typeof l !== 'string') return errors.push(`${at}.rule.lines.${i}: expected text`);
    const { segments, errors: e } = parseText(l);
    for (const x of e) errors.push(`${at}.rule.lines.${i}: ${x}`);
    for (const g of segments)
      if (g.kind === 'value')
        for (const x of refErrors(g.src, scope)) errors.push(`${at}.rule.lines.${i}: ${x}`);
  });
}
