/**
 * Lookups in the scenario schema (./validate-rules.ts): the node and the
 * leaf rule at a dotted path, and every leaf path with its rule.
 */
import { type Node, oneOf, type Rule, SCHEMA, type VariantNode } from './validate-rules';

/** The node at a dotted path ("wifi.stations.3.rate.mcs"); array indexes match any item. */
export function nodeAt(path: string): Node | undefined {
  let cur: Node | undefined = SCHEMA;
  for (const part of path.split('.')) {
    if (!cur) return undefined;
    if (cur.t === 'object') cur = Object.hasOwn(cur.fields, part) ? cur.fields[part] : undefined;
    else if (cur.t === 'array') cur = /^\d+$/.test(part) ? cur.of : undefined;
    else if (cur.t === 'variant')
      cur = part === 'kind' ? oneOf(...Object.keys(cur.cases)) : variantField(cur, part);
    else return undefined;
  }
  return cur;
}

function variantField(v: VariantNode, part: string): Node | undefined {
  for (const fields of Object.values(v.cases)) if (Object.hasOwn(fields, part)) return fields[part];
  return undefined;
}

/** The leaf rule at a path, or undefined for containers and unknown paths. */
export function ruleAt(path: string): Rule | undefined {
  const n = nodeAt(path);
  return n && n.t !== 'object' && n.t !== 'array' && n.t !== 'variant' ? n : undefined;
}

/** Every leaf path of the schema ("wifi.stations.*.rate.mcs"), with its rule. */
export function leafRules(node: Node = SCHEMA, prefix = ''): Record<string, Rule> {
  const at = (k: string): string => (prefix ? `${prefix}.${k}` : k);
  switch (node.t) {
    case 'object':
      return Object.assign({}, ...Object.entries(node.fields).map(([k, n]) => leafRules(n, at(k))));
    case 'array':
      return leafRules(node.of, at('*'));
    case 'variant': {
      const out: Record<string, Rule> = { [at('kind')]: oneOf(...Object.keys(node.cases)) };
      for (const fields of Object.values(node.cases))
        for (const [k, n] of Object.entries(fields)) Object.assign(out, leafRules(n, at(k)));
      return out;
    }
    default:
      return { [prefix]: node };
  }
}
