/**
 * The CLI's core as one CommonJS bundle (dist-cli/tsq-lab-core.cjs), for
 * launch.ts to compile with V8's code cache: the command line as a function,
 * with no V8 flags of its own (the launcher has set them before compiling).
 */
export { cliMain, quietOnClosedPipe } from './cli-main';
