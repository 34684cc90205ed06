import { describe, expect, test } from 'vitest';
import {
  compactManifest,
  DEFERRED_MODULE_ID,
  DEFERRED_PRELOADS_ID,
  deferModulePreloads,
  entrySixth,
} from './deferred-preloads.server.ts';

const run = (html: string) => deferModulePreloads(html, 'n0nce');

const page =
  '<!DOCTYPE html><html><head><title>Mua gói tập</title></head><body><main>Khỏe hơn mỗi ngày</main>' +
  '<link rel="modulepreload" href="/assets/entry.js" nonce="n0nce"/><link rel="modulepreload" href="/assets/vi.js"/>' +
  '<script type="module" async="">import "/assets/root.js"; if (0<1) {}</script></body></html>';

describe('deferModulePreloads (ADR 027)', () => {
  test('moves every modulepreload into one script before </body>, leaving the rest byte for byte', () => {
    const html = run(page);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain(`<script nonce="n0nce" id="${DEFERRED_PRELOADS_ID}">`);
    expect(html).toContain('["/assets/entry.js","/assets/vi.js"]');
    expect(html.replace(/<script nonce="n0nce" id="[^"]+">.*?<\/script>/g, '')).toBe(
      page.replace(/<link rel="modulepreload"[^>]*>/g, '').replace(/<script type="module".*?<\/script>/, ''),
    );
    expect(html.indexOf(DEFERRED_PRELOADS_ID)).toBeLessThan(html.indexOf('</body>'));
  });

  test("React Router's module script starts after the first paint, its code intact and nonced", () => {
    const html = run(page);
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    const deferred =
      new RegExp(`<script nonce="n0nce" id="${DEFERRED_MODULE_ID}">(.*?)</script>`).exec(html)?.[1] ?? '';
    expect(deferred).toMatch(/^requestAnimationFrame\(/);
    expect(deferred).not.toContain('<');
    // Run the script's body against a tiny DOM: it appends a module script with the same code and nonce.
    const appended: { type?: string; nonce?: string; text?: string }[] = [];
    const document = { createElement: () => ({}), body: { appendChild: (s: object) => appended.push(s) } };
    const raf = (f: () => void) => f();
    new Function('requestAnimationFrame', 'setTimeout', 'document', 'window', deferred)(raf, raf, document, {});
    expect(appended).toEqual([{ type: 'module', nonce: 'n0nce', text: 'import "/assets/root.js"; if (0<1) {}' }]);
  });

  test('with paint timing, the modules are asked for once the first contentful paint is reported (ADR 087)', () => {
    const html = deferModulePreloads(page, 'n0nce', ['/assets/styles.css']);
    const scripts = [...html.matchAll(/<script nonce="n0nce" id="[^"]+">(.*?)<\/script>/g)].map((m) => m[1]);
    const requested: string[] = [];
    const document = {
      createElement: () => ({}),
      head: { appendChild: (l: { href: string }) => requested.push(l.href) },
      body: { appendChild: () => requested.push('module script') },
    };
    const frames: (() => void)[] = [];
    const timers: { f: () => void; ms: number }[] = [];
    class PerformanceObserver {
      static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
      disconnected = false;
      constructor(readonly callback: (list: object, o: PerformanceObserver) => void) {
        observers.push(this);
      }
      observe(options: object) {
        expect(options).toEqual({ type: 'paint', buffered: true });
      }
      disconnect() {
        this.disconnected = true;
      }
    }
    const observers: PerformanceObserver[] = [];
    const run = (code: string) =>
      new Function('requestAnimationFrame', 'setTimeout', 'document', 'window', code)(
        (f: () => void) => frames.push(f),
        (f: () => void, ms = 0) => timers.push({ f, ms }),
        document,
        { PerformanceObserver },
      );
    scripts.forEach(run);
    const flush = () => timers.splice(0).forEach((t) => t.ms === 0 && t.f());
    // The first frame is drawn: nothing is asked for yet, only the 500 ms fallback is set.
    frames.splice(0).forEach((f) => f());
    expect(timers.map((t) => t.ms)).toEqual([500, 500]);
    timers.length = 0;
    const paints = (names: string[]) => ({ getEntriesByName: (n: string) => names.filter((x) => x === n) });
    // A first paint that is not contentful changes nothing.
    observers.forEach((o) => o.callback(paints(['first-paint']), o));
    flush();
    expect(requested).toEqual([]);
    // The first contentful paint: the module script, then the preloads, the sheet first.
    observers.forEach((o) => o.callback(paints(['first-contentful-paint']), o));
    expect(observers.every((o) => o.disconnected)).toBe(true);
    flush();
    expect(requested).toEqual(['module script', '/assets/styles.css', '/assets/entry.js', '/assets/vi.js']);
  });

  test('a page without preloads is untouched', () => {
    const plain = '<html><body><p>a &lt; b</p></body></html>';
    expect(run(plain)).toBe(plain);
  });

  test('the whole sheet the entry waits for is preloaded as a style, first, beside the modules (ADR 083)', () => {
    const html = deferModulePreloads(page, 'n0nce', ['/assets/styles.css']);
    const script =
      new RegExp(`<script nonce="n0nce" id="${DEFERRED_PRELOADS_ID}">(.*?)</script>`).exec(html)?.[1] ?? '';
    const added: { rel?: string; as?: string; href?: string }[] = [];
    const document = { createElement: () => ({}), head: { appendChild: (l: object) => added.push(l) } };
    const raf = (f: () => void) => f();
    new Function('requestAnimationFrame', 'setTimeout', 'document', 'window', script)(raf, raf, document, {});
    expect(added).toEqual([
      { rel: 'preload', as: 'style', href: '/assets/styles.css' },
      { rel: 'modulepreload', href: '/assets/entry.js' },
      { rel: 'modulepreload', href: '/assets/vi.js' },
    ]);
    // A page without modules (nothing will run) preloads no sheet either.
    const plain = '<html><body><p>a</p></body></html>';
    expect(deferModulePreloads(plain, 'n0nce', ['/assets/styles.css'])).toBe(plain);
  });

  test('the entry React Router imports is asked for sixth, after five small files (ADR 083)', () => {
    const files = ['/a.css', '/e.js', '/1.js', '/2.js', '/3.js', '/4.js', '/5.js', '/6.js'];
    expect(entrySixth(files, '/e.js')).toEqual([
      '/a.css',
      '/1.js',
      '/2.js',
      '/3.js',
      '/4.js',
      '/e.js',
      '/5.js',
      '/6.js',
    ]);
    expect(entrySixth(['/e.js', '/1.js'], '/e.js')).toEqual(['/1.js', '/e.js']);
    expect(entrySixth(['/1.js', '/2.js'], '/e.js')).toEqual(['/1.js', '/2.js']);
    expect(entrySixth(['/1.js', '/2.js'], undefined)).toEqual(['/1.js', '/2.js']);
    const withEntry = page
      .replace('if (0<1) {}', 'import("/assets/entry.js");')
      .replace(
        '<link rel="modulepreload" href="/assets/vi.js"/>',
        '<link rel="modulepreload" href="/assets/vi.js"/><link rel="modulepreload" href="/assets/root.js"/>',
      );
    expect(run(withEntry)).toContain('["/assets/vi.js","/assets/root.js","/assets/entry.js"]');
  });

  test('a repeated preload is listed once', () => {
    const twice = page.replace('</main>', '</main><link rel="modulepreload" href="/assets/entry.js"/>');
    expect(run(twice)).toContain('["/assets/entry.js","/assets/vi.js"]');
  });
});

describe('compactManifest (ADR 068)', () => {
  const manifest = {
    entry: { module: '/assets/entry.js', imports: ['/assets/i18n.js'], css: [] },
    routes: { root: { id: 'root', path: '', hasLoader: true, hasAction: false } },
    version: 'abc};',
  };
  const code = `import * as route0 from "/assets/root.js";\n  window.__reactRouterManifest = ${JSON.stringify(manifest, null, 2)};\n  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.js");`;

  test('the same manifest without the indentation, the code around it byte for byte', () => {
    const out = compactManifest(code);
    expect(out).toBe(code.replace(JSON.stringify(manifest, null, 2), JSON.stringify(manifest)));
    expect(out.length).toBeLessThan(code.length - 50);
  });

  test('code without a manifest, or one that does not parse, is left as it is', () => {
    expect(compactManifest('import("/assets/entry.js");')).toBe('import("/assets/entry.js");');
    const broken = 'window.__reactRouterManifest = { "a": nope };';
    expect(compactManifest(broken)).toBe(broken);
  });
});
