// What the load run knows of the cluster it loads (`npm run cluster` writes its state file, mode
// 0600): addresses, the database, the replicas' ports; and what it reads off the machine while it
// runs: the pid behind a port, CPU seconds per process, HAProxy's view of each replica.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The state file of the cluster whose web balancer is on `webPort` (null when none runs). */
export function readClusterState(webPort) {
  const file = path.join(os.tmpdir(), `gym-cluster-${String(webPort)}.json`);
  if (!existsSync(file)) return null;
  const state = JSON.parse(readFileSync(file, 'utf8'));
  try {
    process.kill(state.pid, 0);
  } catch {
    return null; // a cluster that stopped without removing it
  }
  return state;
}

/** The pid listening on a loopback port, or null. */
export function pidOnPort(port) {
  try {
    const out = execFileSync('ss', ['-ltnpH', `sport = :${String(port)}`]).toString();
    const m = /pid=(\d+)/.exec(out);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

const TICKS = 100; // USER_HZ on Linux

/** utime + stime of a pid in seconds, or null when it is gone. */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return null;
  }
}

/** The PostgreSQL postmaster and its children (backends, writer, WAL…). */
export function postgresPids(pgData) {
  let postmaster;
  try {
    postmaster = Number(readFileSync(path.join(pgData, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return [];
  }
  const pids = [postmaster];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) pids.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return pids;
}

/**
 * CPU used per group of processes between two readings: replicas by name (their pid found by port
 * at each reading; a restarted one's new pid counts from its start), PostgreSQL (postmaster and
 * children, summed; backends that ended in between are missed, so it is a lower bound), HAProxy.
 * @param {{ replicas: Record<string, number>, pgData: string }} state
 */
export function cpuSnapshot(state) {
  const groups = {};
  for (const [name, port] of Object.entries(state.replicas)) {
    const pid = pidOnPort(port);
    groups[name] = { pids: pid ? [pid] : [], seconds: pid ? (cpuSeconds(pid) ?? 0) : 0 };
  }
  const pg = postgresPids(state.pgData);
  groups.postgres = { pids: pg, seconds: pg.reduce((s, p) => s + (cpuSeconds(p) ?? 0), 0) };
  const haproxy = pidOnPort(new URL(state.gatewayUrl).port);
  groups.haproxy = { pids: haproxy ? [haproxy] : [], seconds: haproxy ? (cpuSeconds(haproxy) ?? 0) : 0 };
  const self = process.cpuUsage();
  groups['load client'] = { pids: [process.pid], seconds: (self.user + self.system) / 1e6 };
  return { at: Date.now(), groups };
}

/** Cores used per group between two snapshots (a pid that changed, a restart, counts from zero). */
export function cpuBetween(a, b) {
  const seconds = (b.at - a.at) / 1000;
  return Object.fromEntries(
    Object.entries(b.groups).map(([name, g]) => {
      const before = a.groups[name];
      const same = before && before.pids[0] === g.pids[0];
      const used = same ? g.seconds - before.seconds : g.seconds;
      return [name, Math.round((used / seconds) * 100) / 100];
    }),
  );
}

/** HAProxy's status of every server: { 'gateway/gw1': 'UP', 'web/web2': 'DOWN', … }. */
export async function haproxyStatus(statsUrl) {
  const csv = await fetch(`${statsUrl};csv`, { signal: AbortSignal.timeout(2000) }).then((r) => r.text());
  const out = {};
  for (const line of csv.split('\n')) {
    const f = line.split(',');
    if (f.length < 18 || f[0].startsWith('#') || f[1] === 'FRONTEND' || f[1] === 'BACKEND') continue;
    out[`${f[0]}/${f[1]}`] = f[17];
  }
  return out;
}

/** The machine's load averages and uptime, as `uptime` prints them. */
export const uptime = () => execFileSync('uptime').toString().trim();
