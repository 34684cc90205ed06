// npm run docker:smoke (issue 41 §2, ADR 069): the image and both compose stacks, as an operator runs
// them, on ports of their own and throw-away volumes:
//   base images (made without a registry when missing) → the app image → docker-compose.yml up →
//   a member's journey through the containers (sign up with the sandbox code, buy a plan, pay from the
//   sandbox bank, check in at the door) → an InBody sheet photo read by the OCR in the image → the
//   stack stopped and started → the member's data still there → docker-compose.cluster.yml up → the
//   journey through HAProxy → a gateway replica killed mid-traffic (no GET may fail) and recreated
//   (HAProxy finds its new address) → stopped and started → data still there → everything torn
//   down. Prints each step's time.
//   KEEP=1 leaves the stacks running at the end.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { checkInCode } from '../bench/load/member.mjs';
import { GM_PHONE } from '../bench/load/staff.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const work = mkdtempSync(path.join(os.tmpdir(), 'gym-docker-smoke-'));
const envFile = path.join(work, '.env');
const ports = {
  WEB_PORT: 23000,
  GATEWAY_PORT: 24000,
  CLUSTER_WEB_PORT: 28080,
  CLUSTER_GATEWAY_PORT: 28081,
  CLUSTER_WEBHOOK_PORT: 28082,
  CLUSTER_STATS_PORT: 28404,
};
const demo = { project: 'gym-smoke', file: 'docker-compose.yml' };
const cluster = { project: 'gym-smoke-cluster', file: 'docker-compose.cluster.yml' };

const started = Date.now();
const timings = [];
const log = (line) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

async function step(title, run) {
  const t = Date.now();
  log(`▶ ${title}`);
  try {
    const note = await run();
    timings.push({ title, ms: Date.now() - t, note });
    log(`✓ ${title} (${((Date.now() - t) / 1000).toFixed(1)} s)${note ? `: ${note}` : ''}`);
  } catch (error) {
    timings.push({ title, ms: Date.now() - t, note: 'FAILED' });
    throw error;
  }
}

/** Runs a command; its output is shown only when it fails (or always, with show). */
function sh(command, args, { show = false, allowFail = false, env = {} } = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0 && !allowFail) {
    console.error(output.split('\n').slice(-40).join('\n'));
    throw new Error(`${command} ${args.join(' ')}: exit ${String(result.status)}`);
  }
  if (show) process.stdout.write(output);
  return output;
}

// `docker compose` (v2) where it exists, else docker-compose (v1, Debian 12): as scripts/docker/lib.sh.
const composeCli =
  spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' }).status === 0
    ? ['docker', ['compose']]
    : ['docker-compose', []];
const compose = (stack, args, options) =>
  sh(composeCli[0], [...composeCli[1], '-p', stack.project, '--env-file', envFile, '-f', stack.file, ...args], options);
const containerOf = (stack, service) => compose(stack, ['ps', '-q', service]).trim();

async function request(base, method, url, { json, token, headers = {} } = {}) {
  const response = await fetch(`${base}${url}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(json ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: json ? JSON.stringify(json) : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let body = text;
  try {
    body = JSON.parse(text);
  } catch {
    // a page or the metrics text
  }
  return { status: response.status, body, headers: response.headers };
}

function expectOk(what, answer, ok = (a) => a.status === 200) {
  if (!ok(answer)) throw new Error(`${what}: ${String(answer.status)} ${JSON.stringify(answer.body).slice(0, 300)}`);
  return answer;
}

async function waitFor(what, check, seconds = 240) {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > until) throw new Error(`${what}: not ready in ${String(seconds)} s`);
    await sleep(1000);
  }
}
const ready = (url) => waitFor(url, async () => (await fetch(url, { signal: AbortSignal.timeout(3000) })).ok);

/** A counter's value in a /metrics text (the sum over its label sets matching `labels`). */
function counter(text, name, labels = '') {
  let sum = 0;
  for (const line of String(text).split('\n')) {
    if (line.startsWith(`${name}{`) || line.startsWith(`${name} `))
      if (line.includes(labels)) sum += Number(line.split(' ').at(-1));
  }
  return sum;
}

/** A member's journey through the gateway's API as the app makes it, and the web server's pages. */
async function journey({ web, gateway }, { metrics = true } = {}) {
  const phone = `0109${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  const gw = (method, url, options) => request(gateway, method, url, options);
  const before = metrics ? await gw('GET', '/metrics') : null;
  expectOk(
    'GET web /login',
    await request(web, 'GET', '/login', {
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' },
    }),
  );
  expectOk('send the sign-in code', await gw('POST', '/api/v1/auth/otp/send', { json: { phoneNumber: phone } }));
  const sms = expectOk('sandbox SMS outbox', await gw('GET', `/sandbox/sms?phone=${phone}`));
  const otp = /\b(\d{4})\b/.exec(sms.body?.data?.[0]?.text ?? '')?.[1];
  // A phone with no account yet: 404 "not registered", with the proof of the code to sign up with.
  const login = expectOk(
    'sign in with the code',
    await gw('POST', '/api/v1/auth/otp/login', { json: { phoneNumber: phone, otp } }),
    (a) => Boolean(a.body?.data?.verifyToken),
  );
  const registered = expectOk(
    'sign up',
    await gw('POST', '/api/v1/auth/register', {
      json: { phoneNumber: phone, verifyToken: login.body.data.verifyToken, fullName: 'Khách Thử Docker' },
    }),
  );
  const token = registered.body.data.token;
  const clubs = expectOk('clubs', await gw('GET', '/api/v1/general/clubs')).body.data;
  let plan;
  let clubId;
  for (const club of clubs) {
    const plans = expectOk('plans', await gw('GET', `/api/v1/global/club/${String(club.id)}/payment-plans`)).body.data;
    plan = plans.find((p) => !p.isSubscription && !p.isTrial);
    clubId = club.id;
    if (plan) break;
  }
  const made = expectOk(
    'buy a plan (bank QR)',
    await gw('POST', '/api/v1/member/contract', {
      token,
      json: { paymentPlanId: plan.id, paymentMethodGroupId: 1, isCash: false },
    }),
  );
  const { contract, payment } = made.body.data;
  expectOk(
    'pay from the sandbox bank',
    await gw('POST', '/sandbox/bank/transfer', { json: { memo: payment.qr.memo, amount: payment.amount } }),
    (a) => a.status === 200 && a.body?.data?.results?.[0]?.outcome === 'matched',
  );
  await waitFor(
    'payment SUCCESS',
    async () =>
      (await gw('GET', `/api/v1/member/contract/${String(contract.contractId)}/payment`, { token })).body?.data
        ?.status === 'SUCCESS',
    30,
  );
  const device = expectOk(
    'check-in device',
    await gw('POST', '/api/v1/member/check-in/devices', { token, json: { label: 'Docker smoke' } }),
  ).body.data;
  expectOk(
    'staff sign-in code',
    await gw('POST', '/api/v1/staff/auth/otp/send', { json: { phoneNumber: GM_PHONE } }),
    (a) => a.status === 200 || a.body?.code === 'LIMIT_30_SECONDS',
  );
  const staffOtp = /\b(\d{4})\b/.exec(
    expectOk('staff SMS', await gw('GET', `/sandbox/sms?phone=${GM_PHONE}`)).body?.data?.[0]?.text ?? '',
  )?.[1];
  const staff = expectOk(
    'staff sign-in',
    await gw('POST', '/api/v1/staff/auth/otp/login', { json: { phoneNumber: GM_PHONE, otp: staffOtp } }),
  ).body.data.accessToken;
  const visit = expectOk(
    'check in at the door',
    await gw('POST', '/api/v1/staff/check-in', { token: staff, json: { code: checkInCode(device), clubId } }),
  ).body.data;
  const result = {
    phone,
    token,
    contractId: contract.contractId,
    visitId: visit.visitId,
    note: `member ${phone}, contract ${String(contract.contractId)} paid, visit ${String(visit.visitId)}`,
  };
  if (!metrics) {
    // Behind HAProxy /metrics is not forwarded from outside (Prometheus scrapes each replica inside).
    expectOk('/metrics refused through the balancer', await gw('GET', '/metrics'), (a) => a.status === 404);
    return { ...result, note: `${result.note}; /metrics not forwarded by HAProxy` };
  }
  const after = await gw('GET', '/metrics');
  const moved = counter(after.body, 'http_requests_total') - counter(before.body, 'http_requests_total');
  const webMetrics = expectOk('web /metrics', await request(web, 'GET', '/metrics'));
  if (!(counter(webMetrics.body, 'http_requests_total') > 0)) throw new Error('web /metrics: no request counted');
  if (!(moved > 0)) throw new Error('gateway /metrics: http_requests_total did not move');
  return {
    ...result,
    note: `${result.note}; gateway /metrics counted ${String(moved)} requests, web /metrics ${String(counter(webMetrics.body, 'http_requests_total'))}`,
  };
}

/**
 * A photo of a printed InBody 270 sheet, read by the image's own OCR engines (tesseract and the
 * PaddleOCR recognizer with their models from node_modules, each in its child process, ADR 086):
 * what the runtime image must carry beyond the bundles. The photo is made here, by the dev set's
 * renderer and camera (tests/support, run by Node's own TypeScript stripping).
 */
async function inbodyRead({ gateway }, token) {
  const { randomTruth, sheetPhoto } = await import('../../tests/support/inbody-sheet.ts');
  const truth = randomTruth(11);
  const photo = await sheetPhoto(truth, '270', 'en', 'clean', 11);
  expectOk('prepare the reader', await request(gateway, 'POST', '/api/v1/member/inbody/prepare', { token }));
  const form = new globalThis.FormData();
  form.append('image', new globalThis.Blob([photo], { type: 'image/jpeg' }), 'sheet.jpg');
  const started = Date.now();
  const response = await fetch(`${gateway}/api/v1/member/inbody/detect`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(60_000),
  });
  const body = await response.json();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const record = body?.data?.record;
  if (response.status !== 200 || record?.weight !== truth.weight)
    throw new Error(`InBody read: ${String(response.status)} ${JSON.stringify(body).slice(0, 300)}`);
  const confirmed = Object.values(body.data.confidence).filter((c) => c === 'confirmed').length;
  return `a ${String(Math.round(photo.length / 1024))} KB sheet photo read in ${seconds} s: weight ${String(record.weight)} kg as printed, ${String(confirmed)} values confirmed`;
}

/** After a restart: the member's session, paid contract and visit are still in the database. */
async function stillThere({ gateway }, member) {
  const profile = expectOk(
    'profile after restart',
    await request(gateway, 'GET', '/api/v1/auth/profile', { token: member.token }),
  );
  if (profile.body.data.phoneNumber !== member.phone)
    throw new Error(`another member: ${JSON.stringify(profile.body.data)}`);
  const paid = await request(gateway, 'GET', `/api/v1/member/contract/${String(member.contractId)}/payment`, {
    token: member.token,
  });
  if (paid.body?.data?.status !== 'SUCCESS')
    throw new Error(`contract ${String(member.contractId)} not paid after restart: ${JSON.stringify(paid.body)}`);
  return `member ${member.phone} signed in, contract ${String(member.contractId)} still paid`;
}

/** The whole stack stopped and started again (volumes kept): the member's data must still be there. */
const restarted = (stack, urls, member) =>
  step(`${stack.file}: stopped and started, data kept`, async () => {
    compose(stack, ['stop']);
    compose(stack, ['up', '-d', '--no-build']);
    await ready(`${urls.gateway}/readyz`);
    await ready(`${urls.web}/readyz`);
    return stillThere(urls, member);
  });

/** GETs through the balancer from 8 clients while `during` runs; every one must succeed. */
async function traffic(urls, during) {
  let stop = false;
  const counts = { ok: 0, failed: 0, errors: new Map() };
  const client = async (i) => {
    for (let n = 0; !stop; n++) {
      const url = urls[(i + n) % urls.length];
      try {
        const r = await fetch(url, { signal: AbortSignal.timeout(10_000) });
        await r.arrayBuffer();
        if (r.ok) counts.ok++;
        else {
          counts.failed++;
          counts.errors.set(
            `${String(r.status)} ${new URL(url).pathname}`,
            (counts.errors.get(`${String(r.status)} ${new URL(url).pathname}`) ?? 0) + 1,
          );
        }
      } catch (error) {
        counts.failed++;
        counts.errors.set(
          String(error.cause?.code ?? error.name),
          (counts.errors.get(String(error.cause?.code ?? error.name)) ?? 0) + 1,
        );
      }
    }
  };
  const clients = Array.from({ length: 8 }, (_, i) => client(i));
  try {
    await during();
  } finally {
    stop = true;
    await Promise.all(clients);
  }
  return counts;
}

async function main() {
  console.log(`docker:smoke, compose: ${[composeCli[0], ...composeCli[1]].join(' ')}, work folder ${work}`);
  await step('docker daemon', () => sh('docker', ['info', '--format', '{{.ServerVersion}} ({{.Driver}})']).trim());
  await step('base images (scripts/docker/base-images.sh; kept when present)', () => {
    const out = sh('scripts/docker/base-images.sh', []);
    return out
      .trim()
      .split('\n')
      .filter((l) => /^(node|postgres|haproxy|gym-base)/.test(l))
      .join(', ');
  });
  await step('app image (scripts/docker/build.sh)', () => sh('scripts/docker/build.sh', []).trim().split('\n').at(-1));
  await step('.env written once (scripts/docker/init-env.sh)', () => {
    const first = sh('scripts/docker/init-env.sh', [envFile], {
      env: { PUBLIC_HOST: '127.0.0.1', ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])) },
    });
    const second = sh('scripts/docker/init-env.sh', [envFile]);
    return `${first.trim()}; again: ${second.trim()}`;
  });

  const demoUrls = {
    web: `http://127.0.0.1:${String(ports.WEB_PORT)}`,
    gateway: `http://127.0.0.1:${String(ports.GATEWAY_PORT)}`,
  };
  await step(`${demo.file}: up, healthy`, async () => {
    compose(demo, ['up', '-d', '--no-build']);
    await ready(`${demoUrls.gateway}/readyz`);
    await ready(`${demoUrls.web}/readyz`);
    return (
      compose(demo, ['ps'])
        .split('\n')
        .filter((l) => /Up|running/.test(l)).length + ' containers up'
    );
  });
  let member;
  await step(`${demo.file}: journey (sign up, buy, pay by bank QR, check in)`, async () => {
    member = await journey(demoUrls);
    return member.note;
  });
  await step(`${demo.file}: an InBody sheet photo read in the gateway container`, () =>
    inbodyRead(demoUrls, member.token),
  );
  await restarted(demo, demoUrls, member);
  await step(
    `${demo.file}: down (volume removed)`,
    () => compose(demo, ['down', '-v', '--remove-orphans']).trim().split('\n').length + ' lines',
  );

  const clusterUrls = {
    web: `http://127.0.0.1:${String(ports.CLUSTER_WEB_PORT)}`,
    gateway: `http://127.0.0.1:${String(ports.CLUSTER_GATEWAY_PORT)}`,
  };
  const stats = `http://127.0.0.1:${String(ports.CLUSTER_STATS_PORT)}/;csv`;
  const serverUp = async (name) =>
    (await (await fetch(stats)).text())
      .split('\n')
      .some((l) => l.startsWith(`gateway,${name},`) && l.split(',')[17] === 'UP');
  await step(`${cluster.file}: up, healthy through HAProxy`, async () => {
    compose(cluster, ['up', '-d', '--no-build']);
    await ready(`${clusterUrls.gateway}/readyz`);
    await ready(`${clusterUrls.web}/readyz`);
    await waitFor('both gateways UP in HAProxy', async () => (await serverUp('gw1')) && (await serverUp('gw2')));
    return 'gw1, gw2 UP';
  });
  let clusterMember;
  await step(`${cluster.file}: journey through HAProxy`, async () => {
    clusterMember = await journey(clusterUrls, { metrics: false });
    return clusterMember.note;
  });
  await step(`${cluster.file}: gateway1 killed (SIGKILL) mid-traffic, then recreated`, async () => {
    const urls = [
      `${clusterUrls.gateway}/api/v1/general/clubs`,
      `${clusterUrls.gateway}/readyz`,
      `${clusterUrls.web}/readyz`,
    ];
    const counts = await traffic(urls, async () => {
      await sleep(2000);
      sh('docker', ['kill', '--signal', 'KILL', containerOf(cluster, 'gateway1')]);
      log('  gateway1 killed');
      await sleep(5000);
      // A new container (a new address): HAProxy must find it through Docker's DNS.
      compose(cluster, ['up', '-d', '--no-build', '--force-recreate', '--no-deps', 'gateway1']);
      log('  gateway1 recreated');
      await waitFor('gw1 UP again in HAProxy', () => serverUp('gw1'), 120);
      await sleep(1000);
    });
    const note = `${String(counts.ok)} GETs answered, ${String(counts.failed)} failed${counts.failed ? ` (${[...counts.errors].map(([k, v]) => `${k}: ${String(v)}`).join(', ')})` : ''}; gw1 UP again at its new address`;
    if (counts.failed > 0) throw new Error(note);
    return note;
  });
  await restarted(cluster, clusterUrls, clusterMember);
}

let failed = false;
try {
  await main();
} catch (error) {
  failed = true;
  console.error(`\nFAILED: ${error instanceof Error ? error.message : String(error)}`);
  for (const stack of [demo, cluster]) {
    const out = compose(stack, ['logs', '--tail', '15'], { allowFail: true });
    if (out.trim()) console.error(`--- ${stack.file} logs (last lines)\n${out}`);
  }
} finally {
  if (process.env.KEEP !== '1') {
    const t = Date.now();
    for (const stack of [demo, cluster]) compose(stack, ['down', '-v', '--remove-orphans'], { allowFail: true });
    timings.push({ title: 'teardown (both stacks, volumes removed)', ms: Date.now() - t });
  }
  rmSync(work, { recursive: true, force: true });
  console.log('\nstep times');
  for (const t of timings)
    console.log(`${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.title}${t.note === 'FAILED' ? '  FAILED' : ''}`);
  console.log(`${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s  total${failed ? ' (FAILED)' : ''}`);
  process.exit(failed ? 1 : 0);
}
