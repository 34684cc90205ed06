// The kill run (issue 19 §2): during the load, kill -9 one gateway and one web replica (the cluster
// script restarts them) and restart PostgreSQL once (pg_ctl restart -m fast), each at its moment of
// the run; for each, how long until HAProxy took the replica out (its /readyz checks), until the
// process listened again and until HAProxy sent it traffic again.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { haproxyStatus, pidOnPort } from './cluster.mjs';

const run = promisify(execFile);

/**
 * Watches servers for `windowMs` from t0: when each first left UP (checks failing), was first DOWN
 * (out of rotation) and was UP again after that.
 */
async function watchServers(statsUrl, servers, windowMs, t0) {
  const seen = Object.fromEntries(servers.map((s) => [s, { leftUpMs: null, downMs: null, backUpMs: null }]));
  while (Date.now() - t0 < windowMs) {
    const status = await haproxyStatus(statsUrl).catch(() => ({}));
    const ms = Date.now() - t0;
    for (const s of servers) {
      const st = status[s] ?? '';
      const e = seen[s];
      if (e.leftUpMs === null && st !== 'UP') e.leftUpMs = ms;
      if (e.downMs === null && st.startsWith('DOWN')) e.downMs = ms;
      if (e.leftUpMs !== null && e.backUpMs === null && st === 'UP') e.backUpMs = ms;
    }
    if (servers.every((s) => seen[s].backUpMs !== null)) break;
    await sleep(100);
  }
  return seen;
}

async function untilListening(port, oldPid, timeoutMs, t0) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const pid = pidOnPort(port);
    if (pid && pid !== oldPid) return { ms: Date.now() - t0, pid };
    await sleep(100);
  }
  return { ms: null, pid: null };
}

/**
 * @param {{ state: any, statsUrl: string, startedAt: number, durationMs: number, log: (s: string) => void }} o
 * @returns {Promise<any[]>} one record per event
 */
export async function chaos({ state, statsUrl, startedAt, durationMs, log }) {
  const events = [];
  const at = (fraction) => sleep(Math.max(0, startedAt + fraction * durationMs - Date.now()));

  const killReplica = async (name, server) => {
    const port = state.replicas[name];
    const pid = pidOnPort(port);
    if (!pid) {
      events.push({ event: `kill -9 ${name}`, error: 'no process on its port' });
      return;
    }
    const t0 = Date.now();
    process.kill(pid, 'SIGKILL');
    log(`chaos: kill -9 ${name} (pid ${String(pid)}) at ${((t0 - startedAt) / 1000).toFixed(1)} s`);
    const [watched, listening] = await Promise.all([
      watchServers(statsUrl, [server], 60_000, t0),
      untilListening(port, pid, 60_000, t0),
    ]);
    const { leftUpMs, downMs: down, backUpMs: up } = watched[server];
    events.push({
      event: `kill -9 ${name}`,
      atSeconds: Math.round((t0 - startedAt) / 100) / 10,
      pid,
      newPid: listening.pid,
      checksFailingMs: leftUpMs,
      haproxyMarkedDownMs: down,
      restartedListeningMs: listening.ms,
      haproxyBackUpMs: up,
    });
    log(
      `chaos: ${name} DOWN in HAProxy after ${String(down)} ms, listening again after ${String(listening.ms)} ms, UP after ${String(up)} ms`,
    );
  };

  const restartPostgres = async () => {
    const pgCtl = path.join(state.pgBin, 'pg_ctl');
    const args = ['-D', state.pgData, '-m', 'fast', '-w', '-t', '60', 'restart'];
    const [cmd, argv] = state.pgUser ? ['runuser', ['-u', state.pgUser, '--', pgCtl, ...args]] : [pgCtl, args];
    const t0 = Date.now();
    log(`chaos: pg_ctl restart -m fast at ${((t0 - startedAt) / 1000).toFixed(1)} s`);
    const gateways = Object.keys(state.replicas)
      .filter((n) => n.startsWith('gateway'))
      .map((_, i) => `gateway/gw${String(i + 1)}`);
    // The gateways' /readyz say 503 while the database is away: HAProxy takes them out, then back.
    const watch = watchServers(statsUrl, gateways, 20_000, t0);
    let error;
    try {
      // pg_ctl restart keeps stdout open through the server it starts: a log file, not a pipe.
      await run(cmd, [...argv.slice(0, -1), '-l', path.join(path.dirname(state.pgData), 'server.log'), 'restart'], {
        timeout: 90_000,
      });
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    const restartMs = Date.now() - t0;
    const seen = await watch;
    const first = (key) => Math.min(...Object.values(seen).map((e) => e[key] ?? Infinity));
    const last = (key) => Math.max(...Object.values(seen).map((e) => e[key] ?? -1));
    const event = {
      event: 'pg_ctl restart -m fast',
      atSeconds: Math.round((t0 - startedAt) / 100) / 10,
      restartMs,
      checksFailingMs: Number.isFinite(first('leftUpMs')) ? first('leftUpMs') : null,
      haproxyMarkedDownMs: Number.isFinite(first('downMs')) ? first('downMs') : null,
      haproxyBackUpMs: last('backUpMs') >= 0 ? last('backUpMs') : null,
      servers: seen,
      error,
    };
    events.push(event);
    log(
      `chaos: PostgreSQL back after ${String(restartMs)} ms; gateways' checks failing from ${String(event.checksFailingMs)} ms, out of HAProxy from ${String(event.haproxyMarkedDownMs)} ms, all UP at ${String(event.haproxyBackUpMs)} ms`,
    );
  };

  await at(0.25);
  await killReplica('gateway1', 'gateway/gw1');
  await at(0.45);
  await killReplica('web1', 'web/web1');
  await at(0.65);
  await restartPostgres();
  return events;
}
