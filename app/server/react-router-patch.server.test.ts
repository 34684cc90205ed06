// patches/react-router+7.18.4.patch (ADR 057) keeps per-build work out of each server render:
// route matches are kept per path, and the server routes per build. These tests hold what the
// patch must not change: every caller gets matches of its own, and each path its own params.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { pathToFileURL } from 'node:url';
import type * as ReactRouter from 'react-router';
import { createRequestHandler, createStaticHandler, type RouteObject, type ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';

const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: () => null,
    children: [
      { id: 'club', path: 'clubs/:clubId', loader: () => null },
      { id: 'plan', path: 'clubs/:clubId/plans/:planId', loader: () => null },
      { id: 'rest', path: '*', loader: () => null },
    ],
  },
];

async function matchesOf(handler: ReturnType<typeof createStaticHandler>, url: string) {
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`unexpected response for ${url}`);
  return context.matches;
}

describe('react-router with our patch', () => {
  it('is installed patched (npm ci runs patch-package; --ignore-scripts would skip it)', () => {
    const require = createRequire(import.meta.url);
    const dist = path.dirname(require.resolve('react-router'));
    const { version } = JSON.parse(readFileSync(path.join(dist, '..', '..', 'package.json'), 'utf8')) as {
      version: string;
    };
    const patch = readFileSync(path.join(process.cwd(), 'patches', `react-router+${version}.patch`), 'utf8');
    for (const [, file] of patch.matchAll(/^\+\+\+ b\/node_modules\/react-router\/dist\/development\/(\S+)$/gm)) {
      const installed = readFileSync(path.join(dist, file), 'utf8');
      expect(installed, file).toMatch(/branchMatchCache|serverRoutesCache/);
    }
  });

  it('gives each path its own params, also when a path is matched again', async () => {
    const handler = createStaticHandler(routes);
    for (let round = 0; round < 2; round++) {
      expect((await matchesOf(handler, '/clubs/1')).at(-1)?.params).toEqual({ clubId: '1' });
      expect((await matchesOf(handler, '/clubs/2')).at(-1)?.params).toEqual({ clubId: '2' });
      const plan = await matchesOf(handler, '/clubs/2/plans/7');
      expect(plan.map((m) => m.route.id)).toEqual(['root', 'plan']);
      expect(plan.at(-1)?.params).toEqual({ clubId: '2', planId: '7' });
      expect((await matchesOf(handler, '/kh%C3%B4ng-c%C3%B3')).at(-1)?.params).toEqual({ '*': 'không-có' });
    }
  });

  it('hands every request params of its own: a loader that changes them does not change the next request', async () => {
    // A resource route whose loader changes the params it was given, as careless code may.
    const build = {
      routes: {
        root: { id: 'root', path: '', module: { default: () => null } },
        club: {
          id: 'club',
          parentId: 'root',
          path: 'clubs/:clubId',
          module: {
            loader: ({ params }: { params: Record<string, string> }) => {
              const seen = { ...params };
              params.clubId = 'changed';
              return Response.json(seen);
            },
          },
        },
      },
      entry: { module: { default: () => new Response('document') } },
      assets: { routes: {}, entry: { module: '', imports: [] }, url: '', version: '1' },
      publicPath: '/',
      assetsBuildDirectory: '',
      future: {},
      ssr: true,
      isSpaMode: false,
      prerender: [],
      routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
    } as unknown as ServerBuild;
    const handle = createRequestHandler(build, 'production');
    for (let round = 0; round < 3; round++) {
      const response = await handle(new Request('http://localhost/clubs/1'));
      expect(await response.json()).toEqual({ clubId: '1' });
    }
  });
});

/**
 * React Router as the web server loads it: Node's `import` of the package gives the ES module build,
 * which the patch changes; vitest's own import of 'react-router' here gives its CommonJS copy.
 */
const esmReactRouter = (await import(
  pathToFileURL(createRequire(import.meta.url).resolve('react-router')).href
)) as typeof ReactRouter;

/** The inline script React Router's <ScrollRestoration> writes into a server-rendered page (with `getKey` when given). */
function scrollScript(getKey?: () => string): string {
  const { createRoutesStub, ScrollRestoration } = esmReactRouter;
  const Stub = createRoutesStub([
    { path: '/', Component: () => createElement(ScrollRestoration, { nonce: 'n0nce', getKey }) },
  ]);
  const html = renderToString(createElement(Stub, { initialEntries: ['/'] }));
  const code = /<script nonce="n0nce">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!code) throw new Error(`no scroll script in ${html}`);
  return code;
}

/** Runs a scroll script against a window whose history entry has `state`. */
function runScroll(code: string, state: unknown, stored: Record<string, number> = {}) {
  const reads: string[] = [];
  const scrolled: number[] = [];
  const history = {
    state,
    replaceState(next: unknown) {
      history.state = next;
    },
  };
  const window = { history, scrollTo: (_x: number, y: number) => scrolled.push(y) };
  const sessionStorage = {
    getItem: (key: string) => {
      reads.push(key);
      return JSON.stringify(stored);
    },
    removeItem: () => undefined,
  };
  // The page's own inline script, run as the browser would.
  new Function('window', 'sessionStorage', code)(window, sessionStorage);
  return { reads, scrolled, state: history.state as { key?: string } | null };
}

// ADR 087: the scroll script of a page's first parse reads sessionStorage only where a stored position can exist.
describe("<ScrollRestoration>'s inline script, patched", () => {
  it('gives a new history entry its key without reading sessionStorage', () => {
    const fresh = runScroll(scrollScript(), null);
    expect(fresh.reads).toEqual([]);
    expect(fresh.scrolled).toEqual([]);
    expect(fresh.state?.key).toMatch(/^[0-9a-v]+$/);
    // A state without a key (another script's) is replaced as React Router does.
    expect(runScroll(scrollScript(), { other: 1 }).state).toEqual({ key: expect.any(String) });
  });

  it('scrolls an entry with a key (reload, back, forward) to its stored position', () => {
    const back = runScroll(scrollScript(), { key: 'abc' }, { abc: 420 });
    expect(back.reads).toEqual(['react-router-scroll-positions']);
    expect(back.scrolled).toEqual([420]);
    expect(back.state).toEqual({ key: 'abc' });
  });

  it('still looks up a restore key given by getKey on a new entry', () => {
    const fresh = runScroll(
      scrollScript(() => '/clubs'),
      null,
      { '/clubs': 96 },
    );
    expect(fresh.reads).toEqual(['react-router-scroll-positions']);
    expect(fresh.scrolled).toEqual([96]);
  });
});
