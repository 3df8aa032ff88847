/**
 * The kernel rule a step teaches, beside the run's live values: the
 * function and its file as a link to that line of a kernel tree, and the
 * rule's lines of paraphrased code, each {placeholder} an <output> that the
 * player rewrites as the run's summary moves (every few hundred ms while it
 * runs, the end's summary once it stops).
 */
import type { KernelRule } from '../../sim/lessons/format';
import type { Piece } from '../../sim/lessons/render';
import { el } from '../../embed/el';

export interface RuleView {
  root: HTMLElement;
  /** Writes the lines' values; `lines` are the rule's lines resolved against the run. */
  update(lines: readonly Piece[][]): void;
}

export function ruleView(rule: KernelRule): RuleView {
  const root = el('section', 'kernel-rule');
  root.dataset.testid = 'kernel-rule';
  root.setAttribute('aria-label', `The kernel rule: ${rule.function}`);
  const head = el('h4', undefined, 'In the kernel: ');
  const fn = el('code', undefined, rule.function);
  head.append(fn);
  const where = el('p', 'rule-where');
  const a = el('a', undefined, rule.file);
  a.href = rule.url;
  a.target = '_blank';
  a.rel = 'noopener noreferrer';
  a.dataset.testid = 'rule-link';
  where.append(
    a,
    document.createTextNode(`, ${rule.kernel}; paraphrased, with this run's values in the comments.`),
  );
  const pre = el('pre', 'rule-code');
  const code = el('code');
  pre.append(code);
  root.append(head, where, pre);
  let shape = '';
  let outs: HTMLOutputElement[] = [];

  const build = (lines: readonly Piece[][]) => {
    outs = [];
    code.replaceChildren(
      ...lines.flatMap((pieces, i) => {
        const nodes: Node[] = pieces.map((p) => {
          if (p.kind !== 'value') return document.createTextNode(p.text);
          const o = el('output', 'rule-value', p.text);
          o.dataset.src = p.src;
          outs.push(o);
          return o;
        });
        return i < lines.length - 1 ? [...nodes, document.createTextNode('\n')] : nodes;
      }),
    );
  };

  return {
    root,
    update(lines) {
      const sig = lines
        .map((l) => l.map((p) => (p.kind === 'value' ? `{${p.src}}` : p.text)).join(''))
        .join('\n');
      if (sig !== shape) {
        shape = sig;
        build(lines);
      }
      const vals = lines.flat().filter((p): p is Extract<Piece, { kind: 'value' }> => p.kind === 'value');
      vals.forEach((p, i) => {
        const o = outs[i];
        if (!o) return;
        if (o.textContent !== p.text) o.textContent = p.text;
        o.dataset.value = p.value === null ? '' : String(p.value);
      });
    },
  };
}
