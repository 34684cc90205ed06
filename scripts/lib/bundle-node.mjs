// Bundles TypeScript entry points of the repository into ESM files Node runs (the bench's helpers:
// the gateway alone, the OCR run, the camera photo). Dependencies stay external (node_modules).
import { build } from 'esbuild';
import { ROOT } from './build-if-needed.mjs';

/** @param {Record<string, string>} entryPoints name → source path from the root @param {string} outdir */
export async function bundleForNode(entryPoints, outdir) {
  await build({
    absWorkingDir: ROOT,
    entryPoints,
    outdir,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    bundle: true,
    packages: 'external',
    banner: { js: "import { createRequire as __r } from 'node:module'; const __bundleRequire = __r(import.meta.url);" },
    define: { require: '__bundleRequire' },
    logLevel: 'warning',
  });
}
