// Bundles the two Node servers (and the seed command) into build/, after `react-router build`.
// Usage: node scripts/build-servers.mjs [gateway] [web]   (both when none is named)
import { readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import { ROOT, STAMP_FILE, writeBuildStamp } from './lib/build-if-needed.mjs';

/** @type {Record<string, { outdir: string, entryPoints: Record<string, string> }>} */
const TARGETS = {
  gateway: { outdir: 'build/gateway', entryPoints: { server: 'gateway/server.ts', seed: 'gateway/db/seed-cli.ts' } },
  web: { outdir: 'build/web', entryPoints: { server: 'app/server/http-server.ts' } },
};

// An ESM bundle has no require/__filename/__dirname; a dependency or our code may still use them.
// Unusual names plus `define` avoid clashing with a module that declares its own __dirname.
const banner = [
  "import { createRequire as __bundleCreateRequire } from 'node:module';",
  "import { fileURLToPath as __bundleFileURLToPath } from 'node:url';",
  "import { dirname as __bundlePathDirname } from 'node:path';",
  'const __bundleRequire = __bundleCreateRequire(import.meta.url);',
  'const __bundleFilename = __bundleFileURLToPath(import.meta.url);',
  'const __bundleDirname = __bundlePathDirname(__bundleFilename);',
].join(' ');

const names = process.argv.slice(2);
const unknown = names.filter((n) => !(n in TARGETS));
if (unknown.length > 0) {
  console.error(`Unknown target ${unknown.join(', ')}; known: ${Object.keys(TARGETS).join(', ')}`);
  process.exit(2);
}
const selected = names.length > 0 ? names : Object.keys(TARGETS);

const started = Date.now();
const results = await Promise.allSettled(
  selected.map((name) =>
    build({
      absWorkingDir: ROOT,
      entryPoints: TARGETS[name].entryPoints,
      outdir: TARGETS[name].outdir,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      bundle: true,
      // node_modules stay external: npm ci --omit=dev installs them beside the bundle.
      packages: 'external',
      sourcemap: true,
      banner: { js: banner },
      define: { require: '__bundleRequire', __filename: '__bundleFilename', __dirname: '__bundleDirname' },
      metafile: true,
      logLevel: 'warning',
    }),
  ),
);

// The production image installs `dependencies` only (npm ci --omit=dev): a server that imports a
// devDependency works here and fails there, so refuse it now.
const { dependencies = {} } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const builtins = new Set(builtinModules);
const packageOf = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

let failed = false;
results.forEach((result, i) => {
  if (result.status === 'rejected') {
    failed = true;
    // esbuild has already printed the errors with their locations.
    console.error(`build-servers: ${selected[i]} failed`);
    return;
  }
  for (const [file, out] of Object.entries(result.value.metafile.outputs)) {
    if (file.endsWith('.map')) continue;
    console.log(`  ${file.padEnd(28)} ${(out.bytes / 1024).toFixed(0).padStart(5)} kB`);
    const notShipped = new Set(
      out.imports
        .filter((imp) => imp.external && !imp.path.startsWith('node:') && !builtins.has(imp.path))
        .map((imp) => packageOf(imp.path))
        .filter((pkg) => !(pkg in dependencies)),
    );
    if (notShipped.size > 0) {
      failed = true;
      console.error(`build-servers: ${file} imports ${[...notShipped].join(', ')}, not in package.json "dependencies"`);
    }
  }
});
if (failed) process.exit(1);
// The stamp says which sources build/ came from (scripts/lib/build-if-needed.mjs). Only a whole
// `npm run build` (react-router build succeeded just before) may vouch for all of build/.
if (process.env.npm_lifecycle_event === 'build' && selected.length === Object.keys(TARGETS).length) writeBuildStamp();
else rmSync(path.join(ROOT, STAMP_FILE), { force: true });
console.log(`build-servers: ${selected.join(' + ')} bundled in ${Date.now() - started} ms`);
