import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import { acquireDirectoryLock, DatabaseLockedError } from './lock.ts';

// A live process that is not us: the "other gateway" holding the lock.
let other: ChildProcess;
// The pid of a process that has exited: the owner of a stale lock.
let deadPid: number;

function startChild(code: string) {
  return spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
}

beforeAll(async () => {
  other = startChild('setTimeout(() => {}, 60_000)');
  await new Promise<void>((resolve, reject) => {
    other.once('spawn', resolve);
    other.once('error', reject);
  });
  const shortLived = startChild('');
  deadPid = shortLived.pid!;
  await new Promise((resolve) => shortLived.once('exit', resolve));
});

afterAll(() => {
  other.kill();
});

let dir: string;
let lockPath: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'gym-lock-'));
  lockPath = path.join(dir, 'pglite.lock');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function lockedError(): DatabaseLockedError {
  try {
    acquireDirectoryLock(lockPath);
  } catch (error) {
    expect(error).toBeInstanceOf(DatabaseLockedError);
    return error as DatabaseLockedError;
  }
  throw new Error('expected the lock to be refused');
}

test('a free lock is taken: the file holds our pid, and release removes it', () => {
  const release = acquireDirectoryLock(lockPath);
  expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(process.pid));
  release();
  expect(existsSync(lockPath)).toBe(false);
});

test('release is safe to call twice', () => {
  const release = acquireDirectoryLock(lockPath);
  release();
  expect(() => release()).not.toThrow();
  expect(existsSync(lockPath)).toBe(false);
});

test('a second release does not remove a lock someone else took in the meantime', () => {
  const release = acquireDirectoryLock(lockPath);
  release();
  writeFileSync(lockPath, String(other.pid));
  release();
  expect(readFileSync(lockPath, 'utf8')).toBe(String(other.pid));
});

test('a lock held by another live process is refused with a message that says what to do', () => {
  writeFileSync(lockPath, String(other.pid));
  const error = lockedError();
  expect(error.message).toContain(String(other.pid));
  expect(error.message).toContain(lockPath);
  expect(error.message).toMatch(/Stop that gateway/);
  expect(error.message).toMatch(/DATABASE_URL/);
  // The other owner's lock is left exactly as it was.
  expect(readFileSync(lockPath, 'utf8')).toBe(String(other.pid));
});

test('the refusal holds on every try while the owner lives, and the lock is free once it is released', () => {
  writeFileSync(lockPath, `${other.pid}\n`);
  lockedError();
  lockedError();
  rmSync(lockPath);
  const release = acquireDirectoryLock(lockPath);
  expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
  release();
});

test('a stale lock of a dead process is taken over', () => {
  writeFileSync(lockPath, String(deadPid));
  const release = acquireDirectoryLock(lockPath);
  expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
  release();
  expect(existsSync(lockPath)).toBe(false);
});

test.each([
  ['an empty file', ''],
  ['garbage', 'not a pid'],
])('a lock file holding %s is taken over', (_name, content) => {
  writeFileSync(lockPath, content);
  const release = acquireDirectoryLock(lockPath);
  expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
  release();
});

test('a lock left with our own pid (a restart that got the same pid, as pid 1 in a container) is taken over', () => {
  writeFileSync(lockPath, String(process.pid));
  const release = acquireDirectoryLock(lockPath);
  expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
  release();
  expect(existsSync(lockPath)).toBe(false);
});

test('a lock path in a folder that does not exist fails with the file-system error, not a lock error', () => {
  expect(() => acquireDirectoryLock(path.join(dir, 'missing', 'pglite.lock'))).toThrow(
    expect.objectContaining({ code: 'ENOENT' }),
  );
});
