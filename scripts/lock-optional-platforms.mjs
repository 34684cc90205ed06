// npm 11 refuses `npm ci` when an optional platform package of a dependency has no lock entry,
// and the registry these machines reach serves rollup's binaries only for the platforms it
// hosts, so `npm install` cannot record the others (npm/cli#4828). This adds the missing ones
// as optional, platform-gated entries: npm skips them on every machine they do not fit.
// Run after any `npm install` that changes the lock: `node scripts/lock-optional-platforms.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = 'package-lock.json';
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;

/** @rollup/rollup-linux-arm-gnueabihf → { os: linux, cpu: arm, libc: glibc } */
function platformOf(name) {
  const [os, cpu, abi] = name.replace(/^@rollup\/rollup-/, '').split('-');
  const entry = { os: [os], cpu: [cpu === 'ia32' ? 'ia32' : cpu] };
  if (os === 'linux' && abi) entry.libc = [abi.startsWith('musl') ? 'musl' : 'glibc'];
  return entry;
}

let added = 0;
for (const [path, pkg] of Object.entries(packages)) {
  if (!path.endsWith('node_modules/rollup') || !pkg.optionalDependencies) continue;
  const base = path.slice(0, -'rollup'.length);
  for (const [dep, version] of Object.entries(pkg.optionalDependencies)) {
    if (!dep.startsWith('@rollup/rollup-') || packages[`${base}${dep}`] || packages[`node_modules/${dep}`]) continue;
    packages[`node_modules/${dep}`] = { version, ...platformOf(dep), dev: pkg.dev, optional: true };
    added++;
  }
}

const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-optional-platforms: ${added} entr${added === 1 ? 'y' : 'ies'} added`);
