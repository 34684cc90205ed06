// patches/react-router+7.18.4.patch (ADR 057) keeps per-build work out of each server render:
// route matches are kept per path, and the server routes per build. These tests hold what the
// patch must not change: every caller gets matches of its own, and each path its own params.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
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
