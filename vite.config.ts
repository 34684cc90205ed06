import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import type { ModuleInfo } from 'rollup';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * ADR 054: each strings part of each language (app/locales/<lang>/<part>.ts) is a chunk of the
 * browser build of its own, with its export, although no browser code names it: the page imports it
 * by the URL the server reads from the Vite manifest (app/server/locale-chunks.server.ts).
 */
function stringsPartChunks(): Plugin {
  return {
    name: 'vietfit:strings-part-chunks',
    apply: 'build',
    buildStart() {
      if (this.environment.name !== 'client') return;
      for (const lang of ['vi', 'en']) {
        const dir = path.resolve('app/locales', lang);
        for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts') && name !== 'index.ts')) {
          this.emitFile({ type: 'chunk', id: path.join(dir, file), preserveSignature: 'exports-only' });
        }
      }
    },
  };
}

/**
 * ADR 054: with `build.modulePreload: false` Vite still routes every lazy import() through its
 * preload helper (0.7 KB gzipped on every first load), only to pass it an empty list. This helper
 * just imports. A lazy chunk that needs a stylesheet would get it through that list: the build
 * fails then, instead of dropping it.
 */
function importWithoutPreloadHelper(): Plugin {
  const helperId = '\0vite/preload-helper.js';
  return {
    name: 'vietfit:import-without-preload-helper',
    apply: 'build',
    load(id) {
      if (id !== helperId || this.environment.name !== 'client') return null;
      return { code: 'export const __vitePreload = (load) => load();', moduleSideEffects: false };
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.code.includes('__vite__mapDeps')) {
          this.error(
            `${chunk.fileName}: a lazy import with files to preload (${chunk.code.match(/__vite__mapDeps=[^\n]{0,200}/)?.[0] ?? ''}); see ADR 054`,
          );
        }
      }
    },
  };
}

type ModuleGraph = { getModuleInfo: (id: string) => ModuleInfo | null; getModuleIds: () => IterableIterator<string> };

/** The modules `from` imports at once (static imports, transitively), `from` included. */
function staticClosure(from: string, graph: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    const info = graph.getModuleInfo(id);
    if (!info) return;
    seen.add(id);
    for (const next of info.importedIds) visit(next);
  };
  visit(from);
  return seen;
}

const ROUTE_MODULE = '?__react-router-build-client-route';
/** The bottom tabs' pages (app/shell/bottom-tabs.ts), the home page first. */
const TABS = [
  'app/home/home.tsx',
  'app/membership/clubs.tsx',
  'app/workouts/workout.tsx',
  'app/inbody/inbody.tsx',
  'app/history/history.tsx',
];
/** A module that at least this share of the members' and the public pages import goes in `app` too. */
const COMMON_SHARE = 0.2;

/**
 * ADR 083: fewer files on a first visit. Rollup splits shared code by which routes import each
 * module, a chunk for each set of importers, and a page loaded 12–24 files. On a weak 3G link
 * (HTTP/1.1: 6 connections; 400 ms round trips; the 100 KB entry ahead of everything in the queue)
 * each file past the first 11 or so cost the first visit another round trip before it was usable.
 * - `app` (the browser entry's chunk): what the entry and the root route import at once (React,
 *   React Router, the shell, the strings loader), what both page layouts import (the page's error
 *   view), and the modules a fifth or more of the member and public routes import (the meta, hooks,
 *   load-failed and empty-state helpers: about 1 KB gzipped for the pages that would not use them).
 * - `home-page` (not the strings part `home`): what the home page imports besides `app` and that
 *   no other tab needs, so the first page after sign-in loads 10 files and its sheet; a page that
 *   uses one of them loads the group.
 * Route modules stay files of their own (React Router imports them by URL).
 */
function pageChunks(): (id: string, graph: ModuleGraph) => string | undefined {
  let groups: Map<string, 'app' | 'home-page'> | undefined;
  return (id, graph) => {
    if (!groups) {
      groups = new Map();
      const entry = path.resolve('app/entry.client.tsx');
      // The server build has no browser entry: nothing is grouped there.
      if (!graph.getModuleInfo(entry)) return undefined;
      const isRoute = (m: string) => m.endsWith(ROUTE_MODULE) || graph.getModuleInfo(m + ROUTE_MODULE) !== null;
      const closureOf = (file: string) => staticClosure(path.resolve(file) + ROUTE_MODULE, graph);
      const app = new Set([...staticClosure(entry, graph), ...staticClosure(path.resolve('app/root.tsx'), graph)]);
      const bare = closureOf('app/shell/layout.bare.tsx');
      for (const m of closureOf('app/frame/layout.main.tsx')) if (bare.has(m) && !isRoute(m)) app.add(m);
      const routes = [...graph.getModuleIds()].filter(
        (m) => m.endsWith(ROUTE_MODULE) && !m.startsWith(path.resolve('app/staff')),
      );
      const importers = new Map<string, number>();
      for (const route of routes)
        for (const m of staticClosure(route, graph)) importers.set(m, (importers.get(m) ?? 0) + 1);
      for (const [m, count] of importers)
        if (count >= routes.length * COMMON_SHARE && !isRoute(m) && !m.includes('/app/locales/')) app.add(m);
      // Rollup puts what a module of a manual chunk imports in that chunk too: a module that
      // imports code another tab needs stays out of `home`, or that tab would load the whole group.
      const [homePage, ...otherTabs] = TABS.map(closureOf);
      const others = new Set(otherTabs.flatMap((tab) => [...tab]));
      for (const m of homePage!)
        if (!app.has(m) && !isRoute(m) && [...staticClosure(m, graph)].every((d) => app.has(d) || !others.has(d)))
          groups.set(m, 'home-page');
      for (const m of app) groups.set(m, 'app');
    }
    return groups.get(id);
  };
}

type ViteChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
};

/**
 * Issue 39 §2 (ADR 067): the files of the client build that only the staff area loads, from the
 * build's Vite manifest. Every entry that is not the staff area's (the browser entry, each member
 * route, each strings part but the staff parts of ADR 054) and what it imports, at once or on
 * demand, is the members'; every other file of the build is the staff area's (its routes under
 * app/staff/, what only they import: jsQR for the scanner, the staff strings parts). The worker
 * does not precache those: a staff device loads them when a staff page asks.
 */
function staffOnlyFiles(clientDir: string): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ViteChunk
  >;
  const isStaffEntry = (key: string, chunk: ViteChunk) => {
    const source = (chunk.src ?? key).replace(/\?.*$/, '');
    return source.startsWith('app/staff/') || /^app\/locales\/\w+\/staff\w*\.ts$/.test(source);
  };
  const members = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || members.has(key)) return;
    members.add(key);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry && !isStaffEntry(key, chunk)) visit(key);
  const filesOf = (chunk: ViteChunk) => [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])];
  const memberFiles = new Set([...members].flatMap((key) => filesOf(manifest[key]!)));
  return new Set(
    Object.values(manifest)
      .flatMap(filesOf)
      .filter((file) => !memberFiles.has(file)),
  );
}

export default defineConfig({
  plugins: [
    reactRouter(),
    stringsPartChunks(),
    importWithoutPreloadHelper(),
    // ADR 009: our own worker (app/shell/sw.ts, push handlers included), built after the client bundle
    // into build/client/sw.js, which the web server serves at /sw.js (scope /). The manifest is a
    // static file (public/manifest.webmanifest) and the page registers the worker itself
    // (app/shell/service-worker.tsx), so the plugin injects nothing into pages.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'app/shell',
      filename: 'sw.ts',
      outDir: 'build/client',
      manifest: false,
      injectRegister: false,
      injectManifest: {
        globDirectory: 'build/client',
        globPatterns: ['assets/**/*.{js,css}', 'offline.html', 'offline.css'],
        // Hashed names need no revision query: the worker can fetch them through the HTTP cache.
        dontCacheBustURLsMatching: /^assets\//,
        // Members' phones get the members' files only (issue 39 §2, ADR 067).
        manifestTransforms: [
          (entries) => {
            const staffOnly = staffOnlyFiles(path.resolve('build/client'));
            return { manifest: entries.filter((entry) => !staffOnly.has(entry.url)), warnings: [] };
          },
        ],
      },
    }),
  ],
  // Kept in build/client/.vite (never served: dotfiles are not): the web server reads the hashed
  // names of the strings chunks from it, to preload the page's parts (ADR 024, 030).
  build: { manifest: true, modulePreload: false, rollupOptions: { output: { manualChunks: pageChunks() } } },
  server: { port: 3000, host: '127.0.0.1' },
});
