/**
 * Flent interop: read Flent data files (versions 1–4) into series, write a
 * simulated run as one (version 4). Pure: bytes and JSON in, plain objects
 * out; no DOM, React or Node APIs (see CONTEXT.md).
 */
export { FlentFileError } from './errors';
export { readFlent, parseFlentJson } from './read';
export { buildFlentJson, flentJsonText, writeFlent, alignToSteps } from './write';
export type { FlentSeriesInput, FlentWriteInput } from './write';
export { flentSummary, seriesStats, seriesData, median, percentile, type SeriesStats } from './stats';
export { flentText, gzipText, MAX_FLENT_JSON_BYTES } from './gzip';
export type { FlentTextOptions, FlentTextProgress } from './gzip';
export { parseFlentDate, formatFlentDate } from './dates';
export { simToFlent, flentTestFor, hostNames, kernelReleaseOf } from './from-sim';
export type { SimFlentRun, SeriesMedian, FlentTestName } from './from-sim';
export * from './types';
