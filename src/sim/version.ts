/**
 * The release this core belongs to (package.json's version; a test keeps the
 * two equal). Semver: a scenario schema change (SCENARIO_SCHEMA) is a major
 * release, and migrate.ts keeps every older file loading.
 */
export const TSQ_LAB_VERSION = '1.0.0';
