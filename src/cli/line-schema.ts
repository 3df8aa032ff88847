/**
 * A shard line (./shard.ts) checked before `merge` reads anything from it:
 * JSON, the layout version, the batch's identity, the slice, and the summary
 * against its schema (./summary-schema.ts), with Ajv. A line that fails is
 * refused with its file and line and the first field at fault, so an empty,
 * cut or forged line never reaches the renderer.
 */
import type { ErrorObject } from 'ajv';
import { keyText } from '../sim/scenario/validate';
import { MAX_BATCH_JOBS } from './batch';
import { SHARD_LINE_VERSION, type ShardLine } from './shard';
import { nullsToNaN, SUMMARY_SCHEMA } from './summary-schema';

const HASH = { type: 'string', pattern: '^[0-9a-f]{64}$' };
const TEXT = { type: 'string', maxLength: 65_536 };
const FORBIDDEN = { not: { enum: ['__proto__', 'constructor', 'prototype'] } };

/** The line's schema; built when first used (batch.ts and shard.ts import this module's importers). */
function lineSchema(): object {
  const identity = {
    version: { type: 'string', maxLength: 64 },
    kind: { enum: ['sweep', 'table', 'files', 'single'] },
    targets: { type: 'array', items: TEXT, minItems: 1, maxItems: MAX_BATCH_JOBS },
    durationMs: { type: ['number', 'null'] },
    seed: { type: 'integer', minimum: 0 },
    set: { type: 'object', additionalProperties: TEXT, propertyNames: FORBIDDEN, maxProperties: 1024 },
    key: TEXT,
    preset: { type: ['string', 'null'], maxLength: 256 },
    title: TEXT,
    jobs: { type: 'integer', minimum: 1, maximum: MAX_BATCH_JOBS },
    labels: HASH,
    scenarios: HASH,
  };
  const line = {
    tsqLabShard: { const: SHARD_LINE_VERSION },
    batch: {
      type: 'object',
      properties: identity,
      required: Object.keys(identity),
      additionalProperties: false,
    },
    shard: { type: 'string', pattern: '^[1-9][0-9]{0,5}/[1-9][0-9]{0,5}$' },
    job: { type: 'integer', minimum: 0 },
    label: TEXT,
    summary: SUMMARY_SCHEMA,
  };
  return { type: 'object', properties: line, required: Object.keys(line), additionalProperties: false };
}

type Validate = ((v: unknown) => boolean) & { errors?: ErrorObject[] | null };
let validate: Validate | null = null;

/**
 * The line checker. Ajv is loaded and compiles the schema on the first merge
 * only, so that other commands do not pay for it at start.
 */
export async function lineChecker(): Promise<(text: string, where: string) => ShardLine> {
  if (!validate) {
    const { default: Ajv } = await import('ajv');
    validate = new Ajv({ allowUnionTypes: true, strict: true }).compile(lineSchema());
  }
  const v = validate;
  return (text, where) => checkLine(v, text, where);
}

/** "must be number" at /summary/flows/0/srttMs → "summary.flows.0.srttMs must be number". */
function describeError(e: ErrorObject): string {
  const at = e.instancePath.slice(1).replace(/\//g, '.') || 'the line';
  const extra =
    e.keyword === 'additionalProperties'
      ? ` (${keyText(String((e.params as { additionalProperty: string }).additionalProperty))})`
      : '';
  return `${keyText(at)} ${e.message ?? 'is not allowed'}${extra}`;
}

function checkLine(ok: Validate, text: string, where: string): ShardLine {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new Error(`${where}: not a JSON line`);
  }
  const version = v && typeof v === 'object' ? (v as { tsqLabShard?: unknown }).tsqLabShard : undefined;
  if (typeof version !== 'number')
    throw new Error(`${where}: not a line written by --shard (version ${SHARD_LINE_VERSION})`);
  if (version !== SHARD_LINE_VERSION)
    throw new Error(
      `${where}: a --shard line of layout ${version}, this version reads ${SHARD_LINE_VERSION}: run the shards again with this version`,
    );
  if (!ok(v)) throw new Error(`${where}: not a whole --shard line: ${describeError(ok.errors![0])}`);
  const line = v as ShardLine;
  nullsToNaN(SUMMARY_SCHEMA, line.summary);
  return line;
}
