import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.ts';

// ADR 004: no browser code carries zod (tens of KB). A contract module with schemas at its top is
// kept whole by the bundler once a page imports one constant from it: the check-in page did, with
// CHECK_IN_STEP_SECONDS, and its chunk was 92 KB instead of 5 KB (151 KB first load, 1.34× the bare
// app). Browser code imports zod-free modules (contract/check-in-code.ts, contract/format.ts…).

const client = path.resolve(process.env.BUILD_DIR ?? 'build', 'client');

test('no file the browser loads (page chunks, the service worker) contains zod', () => {
  const assets = readdirSync(path.join(client, 'assets')).filter((name) => name.endsWith('.js')).map((name) => path.join(client, 'assets', name));
  const files = [...assets, path.join(client, 'sw.js')];
  expect(files.length).toBeGreaterThan(20);
  // zod's own error code for a wrong type: in every copy of zod, and in no text of ours.
  const withZod = files.filter((file) => readFileSync(file, 'utf8').includes('invalid_type')).map((file) => path.basename(file));
  expect(withZod).toEqual([]);
});
