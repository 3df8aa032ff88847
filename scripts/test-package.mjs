// The packed artifact as a user gets it: `npm pack` (prepack builds every
// artifact fresh), the tarball installed into an empty folder with no network
// (the package has no runtime dependencies), then the installed command, the
// core imported by a Node script, the element's module and the types checked
// by tsc under NodeNext resolution. A file missing from "files" or a broken
// "exports" entry fails here. Exits 1 on the first failure.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const HAS_FLENT = existsSync(join(ROOT, 'src/flent/index.ts'));
const manifestText = readFileSync(join(ROOT, 'package.json'), 'utf8');
const pkg = JSON.parse(manifestText);
const tmp = mkdtempSync(join(tmpdir(), 'tsq-lab-pack-'));
const app = join(tmp, 'app');
mkdirSync(app);

function sh(cmd, args, cwd, what) {
  console.log(`$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  if (r.status !== 0) {
    process.stdout.write(r.stdout ?? '');
    process.stderr.write(r.stderr ?? '');
    throw new Error(`${what}: exit ${r.status}`);
  }
  return r.stdout;
}

function expectThat(ok, what) {
  if (!ok) throw new Error(what);
  console.log(`ok  ${what}`);
}

/**
 * The packed manifest carries no script that cannot run from the package: none
 * names a file the tarball lacks (as `prepare: node scripts/build-cli.mjs`
 * did, which npm then tries to run), and none is an install-time hook.
 */
function unrunnableScripts(manifest, files) {
  const bad = [];
  for (const [name, cmd] of Object.entries(manifest.scripts ?? {})) {
    const paths = String(cmd)
      .split(/[\s;&|()<>'"=]+/)
      .filter((w) => /\.(c|m)?[jt]s$/.test(w) || (w.includes('/') && !w.startsWith('-')))
      .map((w) => w.replace(/^\.\//, ''));
    const missing = paths.filter((p) => !files.has(p));
    if (missing.length) bad.push(`${name}: ${cmd} (${missing.join(', ')} not in the package)`);
    else if (/^(preinstall|install|postinstall|prepare)$/.test(name))
      bad.push(`${name}: ${cmd} (runs at install)`);
  }
  return bad;
}

function checkPackedScripts(manifest, files) {
  const bad = unrunnableScripts(manifest, files);
  expectThat(
    bad.length === 0,
    `the packed package.json has no script that cannot run${bad.length ? `: ${bad.join('; ')}` : ''}`,
  );
  // The check itself can fail: the working manifest's prepare names a file the tarball lacks.
  const own = unrunnableScripts(pkg, files);
  expectThat(
    own.some((b) => b.startsWith('prepare:')),
    `the same check refuses the working manifest (${own.length} scripts that could not run from the package)`,
  );
}

try {
  // prepack's build prints before npm's JSON.
  const packOut = sh('npm', ['pack', '--json', '--pack-destination', tmp], ROOT, 'npm pack');
  const packed = JSON.parse(packOut.slice(packOut.lastIndexOf('\n[\n') + 1))[0];
  const tarball = join(tmp, packed.filename);
  console.log(
    `${packed.filename}: ${packed.size} bytes packed, ${packed.unpackedSize} unpacked, ${packed.files.length} files`,
  );
  expectThat(Object.keys(pkg.dependencies ?? {}).length === 0, 'the package has no runtime dependencies');
  expectThat(
    readFileSync(join(ROOT, 'package.json'), 'utf8') === manifestText,
    'the working package.json is back as it was after the pack',
  );

  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  sh(
    'npm',
    ['install', '--no-audit', '--no-fund', '--offline', tarball],
    app,
    'installing the tarball offline',
  );
  const installed = join(app, 'node_modules', 'tsq-lab');
  checkPackedScripts(
    JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')),
    new Set(packed.files.map((f) => f.path)),
  );
  const others = readdirSync(join(app, 'node_modules')).filter((n) => !n.startsWith('.') && n !== 'tsq-lab');
  expectThat(others.length === 0, `nothing but tsq-lab installed (${others.join(', ') || 'none other'})`);

  // Every export names a file the tarball holds (./flent once its sources exist).
  for (const [sub, target] of Object.entries(pkg.exports)) {
    if (sub === './flent' && !HAS_FLENT) continue;
    const files = typeof target === 'string' ? [target] : Object.values(target);
    for (const f of files)
      expectThat(existsSync(join(installed, f)), `export ${sub} → ${f} is in the package`);
  }

  const list = sh('npx', ['--no-install', 'tsq-lab', '--list'], app, 'tsq-lab --list');
  expectThat(
    /^gso-always-on\s/m.test(list) && /^xen-tsq-limit\s/m.test(list),
    'npx tsq-lab --list lists the presets',
  );
  const cached = spawnSync('npx', ['--no-install', 'tsq-lab', 'bench-wired', '--duration', '1ms'], {
    cwd: app,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false', TSQ_LAB_CODE_CACHE_REPORT: '1' },
  });
  expectThat(
    cached.status === 0 && cached.stderr.includes('code cache: used'),
    `the installed command compiles its core from the packed code cache (${cached.stderr.trim()})`,
  );
  const table = sh(
    'npx',
    ['--no-install', 'tsq-lab', 'gso-always-on', '--check'],
    app,
    'tsq-lab gso-always-on --check',
  );
  process.stdout.write(table);
  expectThat(/published/i.test(table), 'npx tsq-lab gso-always-on --check prints its table and exits 0');

  writeFileSync(
    join(app, 'run.mjs'),
    `import { createSim, listPresets, SCENARIO_SCHEMA, TSQ_LAB_VERSION } from 'tsq-lab/sim';
const r = createSim('xen-tsq-limit', {}, 1);
if (!r.ok) throw new Error(r.error);
r.sim.runUntil(300e6);
const s = r.sim.summary();
console.log(JSON.stringify({ version: TSQ_LAB_VERSION, schema: SCENARIO_SCHEMA, presets: listPresets().length, goodputBps: s.goodputBps }));
if (${HAS_FLENT}) {
  const flent = await import('tsq-lab/flent');
  if (typeof flent.readFlent !== 'function' || typeof flent.writeFlent !== 'function') throw new Error('tsq-lab/flent lacks readFlent/writeFlent');
  console.log('tsq-lab/flent: readFlent, writeFlent');
}
const el = import.meta.resolve('tsq-lab/element');
console.log('tsq-lab/element →', el);
`,
  );
  const out = JSON.parse(sh('node', ['run.mjs'], app, 'node run.mjs (tsq-lab/sim)').split('\n')[0]);
  console.log(out);
  expectThat(out.version === pkg.version, `tsq-lab/sim reports version ${pkg.version}`);
  expectThat(
    out.goodputBps > 0 && out.presets > 0,
    'tsq-lab/sim ran xen-tsq-limit for 300 ms with goodput > 0',
  );

  // The types as a user's TypeScript project reads them.
  writeFileSync(
    join(app, 'check.ts'),
    `import { createSim, loadScenarioJson, type Summary, type Scenario } from 'tsq-lab/sim';
import type { TsqLabElement } from 'tsq-lab/element';
${HAS_FLENT ? "import { readFlent } from 'tsq-lab/flent';\nvoid readFlent;" : ''}
const r = createSim('xen-tsq-limit', {}, 1);
export const goodput: number = r.ok ? (r.sim.summary() satisfies Summary).goodputBps : 0;
export const load: (text: string) => Scenario = loadScenarioJson;
export const lab: TsqLabElement | null = document.querySelector('tsq-lab');
`,
  );
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2022',
        lib: ['es2022', 'dom'],
        types: [],
        strict: true,
        noEmit: true,
        skipLibCheck: false,
      },
      files: ['check.ts'],
    }),
  );
  sh(
    process.execPath,
    [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', app],
    app,
    'tsc on a consumer of the types',
  );
  expectThat(
    true,
    'the .d.ts of tsq-lab/sim and tsq-lab/element type-check a consumer (NodeNext, skipLibCheck off)',
  );
  console.log('the packed package works');
} catch (e) {
  console.error(`packed-artifact test failed: ${e.message}`);
  process.exitCode = 1;
} finally {
  rmSync(tmp, { recursive: true, force: true });
  // A pack that failed between prepack and postpack leaves the packed manifest in place.
  const working = join(ROOT, '.package.json.working');
  if (existsSync(working)) renameSync(working, join(ROOT, 'package.json'));
}
