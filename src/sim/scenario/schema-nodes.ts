/**
 * The scenario schema's building blocks: what a JSON value may be (a leaf
 * rule, an object, a variant by `kind`, a list) and the small constructors
 * the schema is written with (./validate-rules.ts, ./schema-parts.ts).
 */

/** A leaf: what one JSON value may be. */
export type Rule = (
  | { t: 'int' | 'number'; min: number; max: number; nullable?: boolean; unit?: string; off?: number }
  | { t: 'bool'; nullable?: boolean }
  | { t: 'enum'; values: readonly (string | number)[]; nullable?: boolean }
  | { t: 'string'; maxLength: number }
  /** A knob's value in a scheduled change: a number, a short text, true/false or null (./changes.ts checks it against the knob). */
  | { t: 'scalar'; maxLength: number }
) & {
  /** The field may be left out (HE-only rate fields). */
  optional?: boolean;
};

export interface ObjectNode {
  t: 'object';
  nullable?: boolean;
  /** The field may be left out. */
  optional?: boolean;
  fields: Record<string, Node>;
}

/** An object whose fields depend on its `kind` (e.g. the TX completion model). */
export interface VariantNode {
  t: 'variant';
  /** null stands for the default (a flow's application). */
  nullable?: boolean;
  /** The field may be left out. */
  optional?: boolean;
  cases: Record<string, Record<string, Node>>;
}

export interface ArrayNode {
  t: 'array';
  /** The field may be left out. */
  optional?: boolean;
  minItems: number;
  maxItems: number;
  of: Node;
  nullable?: boolean;
}

export type Node = Rule | ObjectNode | VariantNode | ArrayNode;

export const KiB = 1024;
export const MiB = 1024 * KiB;

export const int = (min: number, max: number, unit?: string, nullable = false): Rule => ({
  t: 'int',
  min,
  max,
  unit,
  nullable,
});
export const num = (min: number, max: number, unit?: string): Rule => ({ t: 'number', min, max, unit });
/** A period: `off` (0) switches it off, anything else is at least `min`, so the clock always moves on. */
export const period = (min: number, max: number, unit: string): Rule => ({
  t: 'number',
  min,
  max,
  unit,
  off: 0,
});
export const bool: Rule = { t: 'bool' };
export const oneOf = (...values: (string | number)[]): Rule => ({ t: 'enum', values });
export const optional = (r: Rule): Rule => ({ ...r, optional: true });
/** null: the era's value (the `kernel` block). */
export const oneOfOrNull = (...values: (string | number)[]): Rule => ({ t: 'enum', values, nullable: true });
export const boolOrNull: Rule = { t: 'bool', nullable: true };
export const obj = (fields: Record<string, Node>, nullable = false): ObjectNode => ({
  t: 'object',
  fields,
  nullable,
});
