// Decides whether `npm run build` must run before starting or seeding, and runs it.
// The check is a stat walk (no file is read), so `npm start` stays instant when nothing changed.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What the running system needs; `npm run build` writes all three. */
export const BUILD_OUTPUTS = ['build/gateway/server.js', 'build/web/server.js', 'build/server/index.js'];
export const STAMP_FILE = 'build/.stamp';

const INPUT_DIRS = ['app', 'gateway', 'api', 'public'];
const INPUT_FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
  'react-router.config.ts',
  'scripts/build-servers.mjs',
  'scripts/precompress.mjs',
];
// Tests are not part of the build: editing one must not cost a rebuild.
const IGNORED = /(^\.|\.(test|spec)\.[cm]?[jt]sx?$)/;

/**
 * Size and mtime of every build input, keyed by path relative to the root.
 * @param {string} [root]
 * @returns {Record<string, string>}
 */
export function inputFingerprint(root = ROOT) {
  /** @type {Record<string, string>} */
  const files = {};
  const add = (rel) => {
    const s = statSync(path.join(root, rel), { throwIfNoEntry: false });
    if (!s) return;
    if (s.isDirectory()) {
      for (const name of readdirSync(path.join(root, rel)).sort()) {
        if (!IGNORED.test(name)) add(path.posix.join(rel, name));
      }
    } else if (s.isFile()) {
      files[rel] = `${s.size}:${Math.trunc(s.mtimeMs)}`;
    }
  };
  for (const rel of [...INPUT_DIRS, ...INPUT_FILES]) add(rel);
  return files;
}

/** @param {Record<string, string>} files */
const hashOf = (files) =>
  createHash('sha256')
    .update(
      Object.entries(files)
        .map(([f, v]) => `${f}\0${v}`)
        .join('\n'),
    )
    .digest('hex');

/**
 * Records which inputs the build in build/ was made from.
 * @param {string} [root]
 * @param {Record<string, string>} [files] the fingerprint taken before the build started, so an
 *   edit made while building still triggers the next rebuild
 */
export function writeBuildStamp(root = ROOT, files = inputFingerprint(root)) {
  mkdirSync(path.join(root, 'build'), { recursive: true });
  writeFileSync(path.join(root, STAMP_FILE), `${JSON.stringify({ hash: hashOf(files), files })}\n`);
}

/**
 * Why the build is out of date, or null when it is current.
 * @param {string} [root]
 * @returns {string | null}
 */
export function staleBuildReason(root = ROOT) {
  const missing = BUILD_OUTPUTS.find((f) => !existsSync(path.join(root, f)));
  if (missing) return `${missing} is missing`;
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(path.join(root, STAMP_FILE), 'utf8'));
  } catch {
    return `${STAMP_FILE} is missing`;
  }
  const now = inputFingerprint(root);
  if (hashOf(now) === stamp.hash) return null;
  const before = stamp.files ?? {};
  const changed = Object.keys(now).find((f) => before[f] !== now[f]) ?? Object.keys(before).find((f) => !(f in now));
  return changed ? `${changed} changed` : 'the sources changed';
}

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
};

/**
 * One build at a time: `react-router build` deletes build/ first, so two concurrent builds (say
 * `npm start` and the e2e setup) would wreck each other. The lock lives outside build/ for that reason.
 * @returns {Promise<() => void>}
 */
async function lockBuild(root) {
  const dir = path.join(root, 'node_modules/.cache');
  mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'gym-build.lock');
  let told = false;
  for (;;) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    }
    let owner;
    try {
      owner = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    } catch {
      continue; // released meanwhile
    }
    // An empty file is a lock being written, unless it has been empty for a while.
    const abandoned =
      Number.isNaN(owner) && Date.now() - (statSync(lockPath, { throwIfNoEntry: false })?.mtimeMs ?? 0) > 5_000;
    if (abandoned || owner === process.pid || (!Number.isNaN(owner) && !isAlive(owner))) {
      rmSync(lockPath, { force: true });
      continue;
    }
    if (!told && !Number.isNaN(owner)) {
      console.log(`Waiting for the build running in process ${owner}…`);
      told = true;
    }
    await sleep(500);
  }
}

/** @type {Promise<boolean> | null} */
let running = null;

/**
 * Runs `npm run build` when build/ is missing or older than the sources; `quiet` hides the build's
 * own output but for its errors.
 * Concurrent calls in one process share one build; other processes wait on a lock file.
 * @param {{ root?: string, quiet?: boolean, force?: boolean }} [options]
 * @returns {Promise<boolean>} whether a build ran
 */
export function buildIfNeeded(options = {}) {
  running ??= build(options).finally(() => {
    running = null;
  });
  return running;
}

/** @param {{ root?: string, quiet?: boolean, force?: boolean }} options */
async function build({ root = ROOT, quiet = false, force = false }) {
  let reason = force ? 'a build was asked for' : staleBuildReason(root);
  if (!reason) return false;
  const unlock = await lockBuild(root);
  try {
    // Another process may have built while we waited for the lock.
    reason = force ? reason : staleBuildReason(root);
    if (!reason) return false;
    // Said even when quiet: it explains why starting takes a while.
    console.log(`Building (${reason})…`);
    const files = inputFingerprint(root);
    const started = Date.now();
    await new Promise((resolve, reject) => {
      const child = spawn('npm', ['run', 'build'], {
        cwd: root,
        stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
      });
      child.on('error', reject);
      child.on('exit', (code, signal) =>
        code === 0 ? resolve(undefined) : reject(new Error(`npm run build failed (${signal ?? `exit code ${code}`})`)),
      );
    });
    writeBuildStamp(root, files);
    console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    return true;
  } finally {
    unlock();
  }
}
