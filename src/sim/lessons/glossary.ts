/**
 * Kernel terms the lessons, the knobs' help and the summaries use: a short
 * definition each, with the kernel source file it lives in. `linkTerms`
 * finds them in any text (the first time each term appears in a block), so
 * every host links them the same way.
 */
import { RADIO_TERMS } from './glossary-radio';
import { STACK_TERMS } from './glossary-stack';

export interface GlossaryTerm {
  id: string;
  /** As a heading writes it. */
  term: string;
  /** How prose writes it (case-sensitive, whole words); the first is the term itself. */
  forms: string[];
  definition: string;
  /** Kernel source files (paths in the Linux tree). */
  files: string[];
}

export const GLOSSARY: readonly GlossaryTerm[] = [...STACK_TERMS, ...RADIO_TERMS];

const BY_ID = new Map(GLOSSARY.map((t) => [t.id, t]));

export function glossaryTerm(id: string): GlossaryTerm | undefined {
  return BY_ID.get(id);
}

export type Linked = { kind: 'text'; text: string } | { kind: 'term'; id: string; text: string };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Every form, longest first, as whole words. */
const FORM_RE = new RegExp(
  `(?<![\\w-])(${GLOSSARY.flatMap((t) => t.forms)
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|')})(?![\\w-])`,
  'g',
);
const FORM_TO_ID = new Map(GLOSSARY.flatMap((t) => t.forms.map((f) => [f, t.id] as const)));

/**
 * Splits `text` into plain text and glossary terms. `seen` (shared across the
 * texts of one block) keeps each term linked once; later mentions stay text.
 */
export function linkTerms(text: string, seen: Set<string> = new Set()): Linked[] {
  const out: Linked[] = [];
  let last = 0;
  for (const m of text.matchAll(FORM_RE)) {
    const id = FORM_TO_ID.get(m[1])!;
    if (seen.has(id)) continue;
    seen.add(id);
    if (m.index > last) out.push({ kind: 'text', text: text.slice(last, m.index) });
    out.push({ kind: 'term', id, text: m[1] });
    last = m.index + m[1].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}
