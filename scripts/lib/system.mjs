// Starts the whole system from build/: the gateway (with its embedded database) and then the web
// server pointed at it. Used by `npm start`, the Playwright global setup and the bench.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildIfNeeded, ROOT } from './build-if-needed.mjs';

// A fresh embedded database is migrated and seeded first: ≈ 12 s on a quiet 2-core machine, 104 s once on a
// loaded CI runner (stop 57).
const READY_TIMEOUT_MS = Number(process.env.READY_TIMEOUT_MS) || 150_000;
const STOP_GRACE_MS = 5_000;

/**
 * @typedef {object} SystemOptions
 * @property {number} [webPort] 0 picks a free port. Default: $PORT or 3000.
 * @property {number} [gatewayPort] 0 picks a free port. Default: $GATEWAY_PORT or 4000.
 * @property {string} [dataDir] a folder of its own, for isolated systems: the embedded database
 *   (<dataDir>/pglite) and the generated secrets, passed to both servers as DATA_DIR. Default: $DATA_DIR or ./data.
 * @property {Record<string, string | undefined>} [env] extra environment for both servers; wins
 *   over everything else (undefined removes a variable).
 * @property {boolean} [quiet] keep the servers' output off the terminal (it still shows in errors).
 * @property {string} [logFile] append both servers' output to this file.
 * @property {boolean} [build] run `npm run build` first when the sources changed (default true).
 * @property {string} [profileDir] run both servers with V8's CPU profiler: each writes a .cpuprofile
 *   into <profileDir>/<gateway|web>/ when it stops (`npm run bench -- --profile`).
 * @property {number} [readyTimeoutMs] how long each server may take to be ready. Default:
 *   $READY_TIMEOUT_MS or READY_TIMEOUT_MS (the journeys pass theirs, doubled on CI: ADR 114).
 */

/**
 * @typedef {object} RunningSystem
 * @property {string} webUrl e.g. http://localhost:3000
 * @property {string} gatewayUrl e.g. http://127.0.0.1:4000
 * @property {number} webPort
 * @property {number} gatewayPort
 * @property {(phone: string) => string} smsOutboxUrl the sandbox page listing the OTP texts sent to a phone
 * @property {Promise<{ name: 'gateway' | 'web', code: number | null, signal: string | null }>} exited
 *   settles when the first server exits, stopped or not
 * @property {() => Promise<void>} stop SIGTERM both, SIGKILL after 5 s; safe to call twice
 * @property {() => Promise<void>} stopGateway stops the gateway alone (the tests of a gateway that is away)
 */

/** A port nobody listens on right now (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** Whether something already answers on the port: say so now rather than talk to a stranger later. */
function portInUse(port, host) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: host.replace(/^\[|\]$/g, '') });
    socket.setTimeout(1_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * The secret by which the gateway knows the web server (GATEWAY_INTERNAL_SECRET): given, or
 * generated once into the data folder, like the web's session secret, so a demo needs no setup.
 * @param {string} dataDir
 */
function internalSecret(dataDir) {
  if (process.env.GATEWAY_INTERNAL_SECRET) return process.env.GATEWAY_INTERNAL_SECRET;
  const file = path.resolve(dataDir, 'internal-secret');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/** Where to reach a server that listens on `host` from this machine. */
const reachable = (host) => {
  if (!host || host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
};

/** Drops undefined values, so `env: { X: undefined }` removes X. */
const cleanEnv = (env) => Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined));

/**
 * @param {string} name
 * @param {string} script
 * @param {Record<string, string>} env
 * @param {{ quiet: boolean, logFile?: string, profileDir?: string }} output
 */
function startChild(name, script, env, { quiet, logFile, profileDir }) {
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, name)}`] : [];
  // node itself, not npm/npx: a signal sent to the pid then reaches the server.
  const child = spawn(process.execPath, [...profile, '--enable-source-maps', script], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  /** @type {string[]} */
  const tail = [];
  const prefix = `${name.padEnd(7)}│ `;
  for (const [stream, out] of /** @type {const} */ ([
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ])) {
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
      tail.push(line);
      if (tail.length > 40) tail.shift();
      if (!quiet) out.write(`${prefix}${line}\n`);
      if (logFile) appendFileSync(logFile, `${prefix}${line}\n`);
    });
  }
  /** @type {Promise<{ code: number | null, signal: string | null }>} */
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
    // spawn failures (no such file…) come as 'error' without 'exit'.
    child.on('error', (error) => {
      tail.push(String(error));
      resolve({ code: null, signal: null });
    });
  });
  let done = false;
  exited.then(() => {
    done = true;
  });
  return {
    name,
    exited,
    tail,
    hasExited: () => done,
    /** SIGTERM, then SIGKILL when it has not exited after the grace period. */
    async stop() {
      if (done) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
    terminate: () => done || child.kill('SIGTERM'),
  };
}

/**
 * Polls `url` until it answers 200; fails early when the server process exits.
 * @param {ReturnType<typeof startChild>} child
 * @param {string} url
 * @param {number} timeoutMs
 */
async function waitUntilReady(child, url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child.hasExited()) {
      const { code, signal } = await child.exited;
      throw new Error(
        `The ${child.name} stopped during start-up (${signal ?? `exit code ${code}`}):\n${child.tail.slice(-15).join('\n')}`,
      );
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = /** @type {Error} */ (error).cause?.code ?? /** @type {Error} */ (error).message;
    }
    await sleep(150);
  }
  throw new Error(`The ${child.name} did not answer ${url} within ${timeoutMs / 1000} s (last: ${last}).`);
}

/**
 * Builds if needed, starts the gateway, waits for /readyz, starts the web server, waits for /healthz.
 * @param {SystemOptions} [options]
 * @returns {Promise<RunningSystem>}
 */
export async function startSystem(options = {}) {
  const { dataDir, quiet = false, logFile, build = true, profileDir, readyTimeoutMs = READY_TIMEOUT_MS } = options;
  if (build) await buildIfNeeded({ quiet });

  const pickPort = async (wanted, envValue, fallback) => {
    const port = wanted ?? (envValue ? Number(envValue) : fallback);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Not a port: ${envValue ?? wanted}`);
    return port === 0 ? freePort() : port;
  };
  const gatewayPort = await pickPort(options.gatewayPort, process.env.GATEWAY_PORT, 4000);
  let webPort = await pickPort(options.webPort, process.env.PORT, 3000);
  while (webPort === gatewayPort && options.webPort === 0) webPort = await freePort();
  if (webPort === gatewayPort) throw new Error(`The web server and the gateway cannot both use port ${webPort}.`);

  const webHost = reachable(options.env?.HOST ?? process.env.HOST ?? '127.0.0.1');
  // A browser reaches a loopback server as localhost, a secure context (service worker, Secure cookies).
  const webUrl = `http://${webHost === '127.0.0.1' ? 'localhost' : webHost}:${webPort}`;
  const publicUrl = process.env.PUBLIC_URL ?? webUrl;
  const GATEWAY_INTERNAL_SECRET = internalSecret(dataDir ?? process.env.DATA_DIR ?? './data');
  const gatewayEnv = cleanEnv({
    ...process.env,
    GATEWAY_INTERNAL_SECRET,
    GATEWAY_HOST: process.env.GATEWAY_HOST ?? '127.0.0.1',
    // The gateway keeps its embedded database in DATA_DIR/pglite (PGLITE_DIR set in the environment wins).
    ...(dataDir && { DATA_DIR: path.resolve(dataDir) }),
    NODE_ENV: 'production',
    // VNPAY sends the browser back to THIS web server (any port), unless configured otherwise.
    VNPAY_RETURN_URL: process.env.VNPAY_RETURN_URL ?? `${publicUrl}/membership/payment/vnpay-return`,
    VNPAY_CARD_RETURN_URL:
      process.env.VNPAY_CARD_RETURN_URL ?? `${publicUrl}/account/information/payment-method/vnpay-return`,
    ...options.env,
    GATEWAY_PORT: String(gatewayPort),
  });
  const gatewayUrl = `http://${reachable(gatewayEnv.GATEWAY_HOST)}:${gatewayPort}`;
  const webEnv = cleanEnv({
    ...process.env,
    GATEWAY_INTERNAL_SECRET,
    HOST: process.env.HOST ?? '127.0.0.1',
    // The web server keeps its generated session secret in DATA_DIR (default ./data).
    ...(dataDir && { DATA_DIR: path.resolve(dataDir) }),
    NODE_ENV: 'production',
    GATEWAY_URL: gatewayUrl,
    PUBLIC_URL: publicUrl,
    // The gateway runs sandbox providers unless SANDBOX=false: the web server then offers desktop
    // visitors the app in a phone frame (/try, issue 10 §18). A server started on its own never does.
    SANDBOX: process.env.SANDBOX ?? 'true',
    ...options.env,
    PORT: String(webPort),
  });

  for (const [port, host, variable] of /** @type {const} */ ([
    [gatewayPort, reachable(gatewayEnv.GATEWAY_HOST), 'GATEWAY_PORT'],
    [webPort, webHost, 'PORT'],
  ])) {
    if (await portInUse(port, host)) {
      throw new Error(
        `Port ${port} is already in use (another npm start?). Stop that, or choose another port with ${variable}=….`,
      );
    }
  }

  const output = { quiet, logFile, profileDir };
  const gateway = startChild('gateway', 'build/gateway/server.js', gatewayEnv, output);
  /** @type {ReturnType<typeof startChild> | undefined} */
  let web;
  // Should the caller's process end without calling stop(), do not leave servers (and the
  // database lock) behind.
  const onExit = () => {
    gateway.terminate();
    web?.terminate();
  };
  process.on('exit', onExit);

  let stopping;
  const stop = () =>
    (stopping ??= Promise.all([web?.stop(), gateway.stop()]).then(() => {
      process.off('exit', onExit);
    }));

  try {
    await waitUntilReady(gateway, `${gatewayUrl}/readyz`, readyTimeoutMs);
    web = startChild('web', 'build/web/server.js', webEnv, output);
    await waitUntilReady(web, `http://${webHost}:${webPort}/healthz`, readyTimeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }

  const running = /** @type {const} */ ([gateway, web]);
  const exited = Promise.race(running.map((c) => c.exited.then((r) => ({ name: c.name, ...r }))));
  return {
    webUrl,
    gatewayUrl,
    webPort,
    gatewayPort,
    smsOutboxUrl: (phone) => `${gatewayUrl}/sandbox/sms?phone=${encodeURIComponent(phone)}`,
    exited: /** @type {RunningSystem['exited']} */ (exited),
    stop,
    stopGateway: () => gateway.stop(),
  };
}
