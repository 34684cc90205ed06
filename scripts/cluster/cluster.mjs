// `npm run cluster`: the production topology on one machine (issue 19 §1, ADR 053, docs/operations.md).
// Debian's PostgreSQL in a data folder of its own under the OS temp dir, migrations and demo data once,
// then 2 gateway and 2 web replicas from build/ on loopback ports, behind HAProxy (Debian's package,
// installed with apt-get when missing) with active /readyz checks. A replica that exits or stops
// answering /healthz is restarted, as a process manager would. Ctrl-C drains and stops everything.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setInterval, setTimeout } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildIfNeeded, ROOT } from '../lib/build-if-needed.mjs';
import { ensureHaproxy, gatewayUnavailable, haproxyConfig } from './haproxy.mjs';

const started = Date.now();
const log = (msg) => console.log(`cluster │ ${msg}`);
const ports = (value, fallback) => (value ?? fallback).split(',').map((p) => Number(p.trim()));
const env = process.env;
const WEB_PORT = Number(env.CLUSTER_WEB_PORT ?? 8080);
const GATEWAY_PORT = Number(env.CLUSTER_GATEWAY_PORT ?? 8081);
const STATS_PORT = Number(env.CLUSTER_STATS_PORT ?? 8404);
const PG_PORT = Number(env.CLUSTER_PG_PORT ?? 54432);
const WEB_REPLICAS = ports(env.CLUSTER_WEB_REPLICAS, '3101,3102');
const GATEWAY_REPLICAS = ports(env.CLUSTER_GATEWAY_REPLICAS, '4101,4102');
const CHECK_INTERVAL_MS = Number(env.CLUSTER_CHECK_INTERVAL_MS ?? 1000);
const POOL_SIZE = env.DATABASE_POOL_SIZE ?? '10';

const asRoot = process.getuid?.() === 0;
const work = mkdtempSync(path.join(os.tmpdir(), 'gym-cluster-'));
const logDir = path.join(work, 'logs');
mkdirSync(logDir);
/** @type {Map<string, { child: import('node:child_process').ChildProcess, stopping: boolean }>} */
const running = new Map();
let shuttingDown = false;
let pgBin = '';
// A folder of its own (the postgres user cannot enter the 0700 one above when we are root).
const pgDir = mkdtempSync(path.join(os.tmpdir(), 'gym-cluster-pg-'));
const pgData = path.join(pgDir, 'data');
// What `npm run bench:load` and its kill run need to find this cluster (mode 0600: it holds a secret).
const STATE_FILE = path.join(os.tmpdir(), `gym-cluster-${WEB_PORT}.json`);

function findPostgresBin() {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const ordered = versions.includes('15') ? ['15', ...versions.filter((v) => v !== '15')] : versions;
  const dir = ordered.map((v) => path.join(base, v, 'bin')).find((d) => existsSync(path.join(d, 'pg_ctl')));
  if (!dir) throw new Error("PostgreSQL's server is not installed: apt-get install postgresql");
  return dir;
}

/** PostgreSQL refuses to run as root: as root, run its tools as the postgres user. */
function pg(tool, args, options = {}) {
  const [cmd, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', path.join(pgBin, tool), ...args]]
    : [path.join(pgBin, tool), args];
  return execFileSync(cmd, argv, { stdio: 'pipe', timeout: 120_000, ...options }).toString();
}

function startPostgres() {
  pgBin = findPostgresBin();
  const dir = pgDir;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  pg('initdb', [
    '-D',
    pgData,
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--no-locale',
    '--auth-local=trust',
    '--auth-host=trust',
  ]);
  // Durability as in production (fsync on): the kill runs check what survives.
  const options = `-c listen_addresses=127.0.0.1 -p ${PG_PORT} -c unix_socket_directories=${dir} -c max_connections=100`;
  pg('pg_ctl', ['-D', pgData, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', '-o', options, 'start']);
  pg('createdb', ['-h', '127.0.0.1', '-p', String(PG_PORT), '-U', 'postgres', 'gym']);
  return `postgres://postgres@127.0.0.1:${PG_PORT}/gym`;
}

function stopPostgres() {
  if (!pgBin || !existsSync(path.join(pgData, 'postmaster.pid'))) return;
  try {
    pg('pg_ctl', ['-D', pgData, '-m', 'fast', '-w', 'stop']);
  } catch (error) {
    console.error(`cluster │ pg_ctl stop: ${error.message}`);
  }
}

/** Starts (and on an unexpected exit restarts) one process; its output goes to logs/<name>.log. */
function supervise(name, command, args, childEnv, { restart = true } = {}) {
  const out = createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
  const spawnOne = () => {
    const child = spawn(command, args, { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    const entry = { child, stopping: false, startedAt: Date.now() };
    if (running.has(name)) log(`${name} restarted (pid ${child.pid})`);
    running.set(name, entry);
    child.on('exit', (code, signal) => {
      if (entry.stopping || shuttingDown) return;
      log(
        `${name} exited (${signal ?? `code ${code}`}); restarting in 1 s (logs: ${path.join(logDir, `${name}.log`)})`,
      );
      if (restart) setTimeout(() => !shuttingDown && spawnOne(), 1000);
    });
    return child;
  };
  return spawnOne();
}

async function waitFor(url, name, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const entry = running.get(name);
    if (name && entry?.child.exitCode !== null && entry?.child.exitCode !== undefined)
      throw new Error(`${name} exited during start-up: see ${path.join(logDir, `${name}.log`)}`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await sleep(150);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
}

/** Liveness: a replica whose /healthz fails 3 times in a row (hung) is killed, and so restarted. */
function livenessChecks(targets) {
  const failures = new Map();
  const timer = setInterval(async () => {
    for (const [name, url] of targets) {
      const entry = running.get(name);
      if (!entry || entry.child.exitCode !== null || Date.now() - entry.startedAt < 15_000) continue;
      const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.status === 200,
        () => false,
      );
      const n = ok ? 0 : (failures.get(name) ?? 0) + 1;
      failures.set(name, n);
      if (n >= 3 && !shuttingDown) {
        log(`${name}: /healthz failed 3 times; killing it (it is restarted)`);
        failures.set(name, 0);
        entry.child.kill('SIGKILL');
      }
    }
  }, 2000);
  timer.unref();
}

async function stopAll(code) {
  if (shuttingDown) return;
  shuttingDown = true;
  const t = Date.now();
  log('stopping: replicas drain (SIGTERM), then HAProxy and PostgreSQL…');
  const stopOne = async (name) => {
    const entry = running.get(name);
    if (!entry || entry.child.exitCode !== null || entry.child.signalCode !== null) return;
    entry.stopping = true;
    const exited = new Promise((resolve) => entry.child.once('exit', resolve));
    entry.child.kill('SIGTERM');
    const timer = setTimeout(() => entry.child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  const replicas = [...running.keys()].filter((n) => n !== 'haproxy');
  await Promise.all(replicas.filter((n) => n.startsWith('web')).map(stopOne));
  await Promise.all(replicas.filter((n) => n.startsWith('gateway')).map(stopOne));
  await stopOne('haproxy');
  stopPostgres();
  rmSync(STATE_FILE, { force: true });
  if (env.CLUSTER_KEEP) log(`kept ${work} and ${pgDir} (CLUSTER_KEEP)`);
  else for (const dir of [work, pgDir]) rmSync(dir, { recursive: true, force: true });
  log(`stopped in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stopAll(0));

async function main() {
  if (!env.CLUSTER_NO_BUILD) await buildIfNeeded({ quiet: false });
  for (const file of [
    'build/gateway/server.js',
    'build/gateway/seed.js',
    'build/web/server.js',
    'build/server/index.js',
  ]) {
    if (!existsSync(path.join(ROOT, file))) throw new Error(`${file} is missing: npm run build`);
  }
  const haproxy = ensureHaproxy(log);

  let t = Date.now();
  const databaseUrl = startPostgres();
  log(
    `PostgreSQL (${path.basename(path.dirname(pgBin))}) on 127.0.0.1:${PG_PORT}, data in ${pgData} (${Date.now() - t} ms)`,
  );

  const webUrl = `http://localhost:${WEB_PORT}`;
  const gatewayUrl = `http://127.0.0.1:${GATEWAY_PORT}`;
  // One value for every replica: a pay URL signed by one gateway is checked by the other, a cookie
  // signed by one web replica is read by the other.
  const secrets = {
    GATEWAY_INTERNAL_SECRET: env.GATEWAY_INTERNAL_SECRET ?? randomBytes(32).toString('hex'),
    VNPAY_HASH_SECRET: env.VNPAY_HASH_SECRET ?? randomBytes(32).toString('hex'),
    BANK_WEBHOOK_SECRET: env.BANK_WEBHOOK_SECRET ?? randomBytes(32).toString('hex'),
  };
  const base = { PATH: env.PATH, HOME: env.HOME, NODE_ENV: 'production', TZ: env.TZ };
  const gatewayEnv = {
    ...base,
    ...secrets,
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: POOL_SIZE,
    GATEWAY_HOST: '127.0.0.1',
    SANDBOX: 'true',
    LOG_LEVEL: env.LOG_LEVEL ?? 'info',
    // The sandboxes' public addresses go through the balancer, not a replica's own port.
    VNPAY_PAY_URL: `${gatewayUrl}/sandbox/vnpay/paymentv2/vpcpay.html`,
    VNPAY_SANDBOX_IPN_URL: `${gatewayUrl}/api/v1/payment/vnpay/ipn`,
    BANK_SANDBOX_WEBHOOK_URL: `${gatewayUrl}/api/v1/payment/bank/casso`,
    VNPAY_RETURN_URL: `${webUrl}/membership/payment/vnpay-return`,
    VNPAY_CARD_RETURN_URL: `${webUrl}/account/information/payment-method/vnpay-return`,
    // Each gateway reads InBody photos on one thread: two replicas already share the two cores.
    INBODY_OCR_WORKERS: env.INBODY_OCR_WORKERS ?? '1',
    // SIGTERM: /readyz says 503 for two check intervals before the listener closes (ADR 053).
    SHUTDOWN_DELAY_MS: String(2 * CHECK_INTERVAL_MS + 500),
  };

  t = Date.now();
  execFileSync(process.execPath, ['build/gateway/seed.js'], { cwd: ROOT, env: gatewayEnv, stdio: 'pipe' });
  log(`migrations and demo data applied once (${Date.now() - t} ms)`);

  t = Date.now();
  const node = (script) => ['--enable-source-maps', script];
  GATEWAY_REPLICAS.forEach((port, i) =>
    supervise(`gateway${i + 1}`, process.execPath, node('build/gateway/server.js'), {
      ...gatewayEnv,
      GATEWAY_PORT: String(port),
    }),
  );
  await Promise.all(GATEWAY_REPLICAS.map((port, i) => waitFor(`http://127.0.0.1:${port}/readyz`, `gateway${i + 1}`)));
  log(`${GATEWAY_REPLICAS.length} gateways ready on ${GATEWAY_REPLICAS.join(', ')} (${Date.now() - t} ms)`);

  const webEnv = {
    ...base,
    GATEWAY_INTERNAL_SECRET: secrets.GATEWAY_INTERNAL_SECRET,
    SESSION_SECRET: env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
    HOST: '127.0.0.1',
    GATEWAY_URL: gatewayUrl,
    PUBLIC_URL: webUrl,
    TRUST_PROXY: 'loopback',
    SANDBOX: 'true',
    DATA_DIR: path.join(work, 'web'),
    SHUTDOWN_DELAY_MS: String(2 * CHECK_INTERVAL_MS + 500),
  };
  t = Date.now();
  WEB_REPLICAS.forEach((port, i) =>
    supervise(`web${i + 1}`, process.execPath, node('build/web/server.js'), { ...webEnv, PORT: String(port) }),
  );
  await Promise.all(WEB_REPLICAS.map((port, i) => waitFor(`http://127.0.0.1:${port}/readyz`, `web${i + 1}`)));
  log(`${WEB_REPLICAS.length} web replicas ready on ${WEB_REPLICAS.join(', ')} (${Date.now() - t} ms)`);

  t = Date.now();
  const errorFile = path.join(work, 'gateway-503.http');
  writeFileSync(errorFile, gatewayUnavailable);
  const cfg = path.join(work, 'haproxy.cfg');
  writeFileSync(
    cfg,
    haproxyConfig({
      webPort: WEB_PORT,
      gatewayPort: GATEWAY_PORT,
      statsPort: STATS_PORT,
      webs: WEB_REPLICAS,
      gateways: GATEWAY_REPLICAS,
      checkIntervalMs: CHECK_INTERVAL_MS,
      gateway503File: errorFile,
    }),
  );
  execFileSync(haproxy, ['-c', '-q', '-f', cfg], { stdio: 'inherit' });
  supervise('haproxy', haproxy, ['-db', '-f', cfg], base);
  await waitFor(`${gatewayUrl}/readyz`, 'haproxy');
  await waitFor(`http://127.0.0.1:${WEB_PORT}/readyz`, 'haproxy');
  log(`HAProxy on ${WEB_PORT} (web) and ${GATEWAY_PORT} (gateway) (${Date.now() - t} ms)`);

  livenessChecks([
    ...GATEWAY_REPLICAS.map((port, i) => [`gateway${i + 1}`, `http://127.0.0.1:${port}/healthz`]),
    ...WEB_REPLICAS.map((port, i) => [`web${i + 1}`, `http://127.0.0.1:${port}/healthz`]),
  ]);

  writeFileSync(
    STATE_FILE,
    JSON.stringify({
      pid: process.pid,
      webUrl,
      gatewayUrl,
      databaseUrl,
      pgData,
      pgBin,
      pgUser: asRoot ? 'postgres' : null,
      internalSecret: secrets.GATEWAY_INTERNAL_SECRET,
      replicas: Object.fromEntries([
        ...GATEWAY_REPLICAS.map((port, i) => [`gateway${i + 1}`, port]),
        ...WEB_REPLICAS.map((port, i) => [`web${i + 1}`, port]),
      ]),
      checkIntervalMs: CHECK_INTERVAL_MS,
      poolSize: Number(POOL_SIZE),
      logDir,
    }),
    { mode: 0o600 },
  );
  console.log(`
  Cluster ready in ${((Date.now() - started) / 1000).toFixed(1)} s
  Gym member app      ${webUrl}                 (HAProxy → web ${WEB_REPLICAS.join(', ')})
  Gateway API         ${gatewayUrl}/api/v1      (HAProxy → gateway ${GATEWAY_REPLICAS.join(', ')})
  Sign-in codes (OTP) ${gatewayUrl}/sandbox/sms?phone=<phone>   sandbox bank: ${gatewayUrl}/sandbox/bank
  HAProxy stats       http://127.0.0.1:${STATS_PORT}/
  PostgreSQL          ${databaseUrl}
  Logs                ${logDir}/<gateway1|gateway2|web1|web2|haproxy>.log
  State (bench:load)  ${STATE_FILE}
  pids                ${[...running].map(([name, e]) => `${name}=${e.child.pid}`).join(' ')}

  Ctrl-C drains the replicas and stops everything.
`);
}

main().catch((error) => {
  console.error(`cluster │ could not start: ${error instanceof Error ? error.message : error}`);
  void stopAll(1);
});
