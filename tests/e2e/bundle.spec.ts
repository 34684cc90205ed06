import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startBareApp } from '#scripts/bench/bare-app.mjs';
import { measureFirstLoad } from '#scripts/bench/first-load.mjs';
import { expect, signUpInBrowser, test, testClientIp } from './fixtures.ts';

// ADR 004: no browser code carries zod (tens of KB). A contract module with schemas at its top is
// kept whole by the bundler once a page imports one constant from it: the check-in page did, with
// CHECK_IN_STEP_SECONDS, and its chunk was 92 KB instead of 5 KB (151 KB first load, 1.34× the bare
// app). Browser code imports zod-free modules (api/check-in-code.ts, api/format.ts…).

const client = path.resolve(process.env.BUILD_DIR ?? 'build', 'client');

test('no file the browser loads (page chunks, the service worker) contains zod', () => {
  const assets = readdirSync(path.join(client, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => path.join(client, 'assets', name));
  const files = [...assets, path.join(client, 'sw.js')];
  expect(files.length).toBeGreaterThan(20);
  // zod's own error code for a wrong type: in every copy of zod, and in no text of ours.
  const withZod = files
    .filter((file) => readFileSync(file, 'utf8').includes('invalid_type'))
    .map((file) => path.basename(file));
  expect(withZod).toEqual([]);
});

// Issue 18: every page's first-load JavaScript (gzipped, as `npm run bench` weighs it) stays within
// 1.15× the bare React Router app's, built and weighed in the same run. Issue 39's bounded wait (the
// shell's side of the worker) and upload progress (its XMLHttpRequest half) load on demand, after
// the page. The heaviest pages of the bench: a member's plan, InBody and monthly-plan pages, and a
// new visitor's /landing.
test('first-load JavaScript of the heaviest pages is at most 1.15× the bare React Router app', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const bareApp = await startBareApp();
  const bare = await measureFirstLoad(bareApp.url, {}).finally(() => bareApp.stop());
  await signUpInBrowser(page, request);
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const phone = { 'User-Agent': await page.evaluate(() => navigator.userAgent), 'x-forwarded-for': testClientIp() };
  const weigh = async (pagePath: string, headers: Record<string, string>) => {
    const { js } = await measureFirstLoad(new URL(pagePath, process.env.E2E_BASE_URL).href, headers);
    return { page: pagePath, ratio: Math.round((js.gzip / bare.js.gzip) * 1000) / 1000 };
  };
  const weighed = [await weigh('/landing', phone)];
  for (const pagePath of ['/membership/1/plan/3', '/inbody', '/home/your-plan'])
    weighed.push(await weigh(pagePath, { ...phone, Cookie: cookie }));
  expect(bare.js.gzip).toBeGreaterThan(100_000); // React and React Router: the bare app was weighed
  console.log(`first-load JS × the bare app: ${JSON.stringify(weighed)}`);
  expect(weighed.filter((w) => w.ratio > 1.15)).toEqual([]);
});

// ADR 083: on a weak 3G link (HTTP/1.1, 6 connections, 400 ms round trips) each file a first visit
// needs before it is usable past about 11 costs another round trip: the weak-network bench's pages
// load their code as a few files (the `app` and `home` chunks of vite.config.ts), and the sheet.
test('a first visit to the weak-network pages needs at most 11 files of code and style', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signUpInBrowser(page, request);
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const phone = { 'User-Agent': await page.evaluate(() => navigator.userAgent), 'x-forwarded-for': testClientIp() };
  const counted = [];
  for (const [pagePath, headers] of [
    ['/login', phone],
    ['/home', { ...phone, Cookie: cookie }],
    ['/membership', { ...phone, Cookie: cookie }],
    ['/inbody', { ...phone, Cookie: cookie }],
  ] as const) {
    const { js, css } = await measureFirstLoad(new URL(pagePath, process.env.E2E_BASE_URL).href, headers);
    counted.push({ page: pagePath, files: js.files.length + css.files.length });
  }
  console.log(`first-visit files: ${JSON.stringify(counted)}`);
  expect(counted.filter((c) => c.files > 11)).toEqual([]);
});
