/**
 * What the npm package exports as `tsq-lab/sim` (scripts/build-package.mjs
 * bundles it into dist-sim/index.js): live simulations, the presets, headless
 * runs and reference tables, scenario files with their validation and
 * migration, and the types. Hosts inside this repository keep using ./index.
 */
export * from './index';
export { TSQ_LAB_VERSION } from './version';
export { PRESETS, findPreset, withinTolerance } from './scenario/presets/index';
export type { Preset, PublishedTable, TableCell, TableRun } from './scenario/presets/index';
export { runScenario, runTable, fillCells, type CellResult, type TableResult } from './run';
export { loadScenarioJson, MAX_SCENARIO_FILE_CHARS } from './scenario/load';
export { migrateScenario } from './scenario/migrate';
export { applyOverrides, validateScenario, ScenarioError } from './scenario/validate';
export { SCENARIO_SCHEMA, type Scenario } from './scenario/scenario';
