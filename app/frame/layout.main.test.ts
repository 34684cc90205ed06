import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStaticHandler, RouterContextProvider, type MiddlewareFunction } from 'react-router';
import { afterAll, expect, test } from 'vitest';

// ADR 077: every page under the main layout declares its one gateway read (a screen read, or the
// shell alone), and a page then costs one gateway call for its frame and its screen together.

// A gateway stand-in that counts what it is asked; every answer is a 404, which each loader handles
// its own way (the count is what matters here).
const seen: string[] = [];
const gateway = http.createServer((req, res) => {
  seen.push(req.url ?? '');
  res.writeHead(404, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ code: 'NOT_FOUND' }));
});
await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise((resolve) => gateway.close(resolve)));
process.env.SESSION_SECRET = 'test-secret-member-read';
process.env.GATEWAY_URL = `http://127.0.0.1:${String((gateway.address() as AddressInfo).port)}`;

const { default: routes } = await import('#app/routes.ts');
const { declaredReadOf } = await import('#app/server/member-read.server.ts');
const { sessionContext, sessionStorage } = await import('#app/server/session.server.ts');
const layout = await import('./layout.main.tsx');

type Entry = { id?: string; file: string; path?: string; index?: boolean; children?: Entry[] };
type Module = { middleware?: MiddlewareFunction[]; loader?: (args: never) => unknown; default?: unknown };

const main = (routes as Entry[]).find((r) => r.file === 'frame/layout.main.tsx');
const routesUnder = (main?.children ?? []).flatMap(function flat(r: Entry): Entry[] {
  return [r, ...(r.children ?? []).flatMap(flat)];
});
const modules = new Map<string, Module>();
for (const r of routesUnder) modules.set(r.file, (await import(/* @vite-ignore */ `#app/${r.file}`)) as Module);
// The pages: a resource route (no component: a form target, a payment return) renders no layout.
const pages = routesUnder.filter((r) => modules.get(r.file)?.default);

test('every page under the main layout declares its read: a screen read, or the shell alone', () => {
  expect(pages.length).toBeGreaterThan(40);
  const undeclared = pages.filter((page) => !declaredReadOf(modules.get(page.file)?.middleware));
  expect(undeclared.map((page) => page.file)).toEqual([]);
});

/** The frame's reads: the shell alone, or a screen (with the shell in it). */
const FRAME = /^\/api\/v1\/member\/(?:shell$|home$|screens\/)/;

test('each page under the main layout asks the gateway for its frame and screen once, in one call', async () => {
  const session = await sessionStorage.getSession();
  session.set('token', 'member-token');
  const asked: Record<string, string[]> = {};
  for (const page of pages) {
    const module = modules.get(page.file) ?? {};
    const path = `/${page.path ?? ''}`.replace(/:\w+/g, '1');
    const handler = createStaticHandler([
      {
        id: 'root',
        path: '/',
        middleware: [({ context }, next) => (context.set(sessionContext, session), next())],
        children: [
          {
            id: 'layout',
            middleware: layout.middleware as MiddlewareFunction[],
            loader: layout.loader as never,
            children: [{ id: 'page', path: page.path, middleware: module.middleware, loader: module.loader as never }],
          },
        ],
      },
    ]);
    seen.length = 0;
    await handler.query(new Request(`http://app.test${path}`), {
      requestContext: new RouterContextProvider(),
      generateMiddlewareResponse: async (query) => {
        await query(new Request(`http://app.test${path}`));
        return new Response(null);
      },
    });
    asked[path] = seen.map((url) => url.split('?')[0] ?? '').filter((url) => FRAME.test(url));
  }
  const wrong = Object.entries(asked).filter(([, calls]) => calls.length !== 1);
  expect(wrong).toEqual([]);
  // The screens replaced the shell's own read where they are declared.
  const screens = pages.filter((page) => declaredReadOf(modules.get(page.file)?.middleware) === 'screen');
  expect(screens.length).toBeGreaterThan(20);
  for (const page of screens)
    expect(asked[`/${page.path ?? ''}`.replace(/:\w+/g, '1')]).not.toEqual(['/api/v1/member/shell']);
});
