import { timeLimit } from '#tests/support/time-limit.ts';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type APIRequestContext, type CDPSession, type Page } from '@playwright/test';
import sharp from 'sharp';
import { controlledByServiceWorker, expect, snap, test, waitForHydrated } from './fixtures.ts';
import { JOURNEY_SYSTEM_READY_MS, startJourneySystem } from './journey-system.ts';

// This file's journeys need the service worker (playwright.config.ts blocks it for the others).
test.use({ serviceWorkers: 'allow' });

// The PWA of issue 3 (ADR 009): manifest, service worker, offline page and alert, update prompt,
// splash and pull-to-reload, at 390×844 in Vietnamese and English.

const texts = {
  vi: {
    offline: 'Không có kết nối mạng',
    update: 'Đã có phiên bản mới',
    updateButton: 'Cập nhật ngay',
    slogan: 'Khỏe hơn mỗi ngày',
    pull: 'Kéo xuống để tải lại',
    release: 'Thả tay để tải lại',
  },
  en: {
    offline: 'No internet connection',
    update: 'A new version is available',
    updateButton: 'Update now',
    slogan: 'Stronger every day',
    pull: 'Pull down to reload',
    release: 'Release to reload',
  },
} as const;
type Lang = keyof typeof texts;

/** Opens /landing in the language asked for (the switch stores it in the session). */
async function landing(page: Page, lang: Lang, base = '') {
  await page.goto(`${base}/landing`);
  if (lang === 'en') {
    await page.getByRole('button', { name: 'Switch to English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  }
  await expect(page.locator('h1')).toBeVisible();
}

/** A page-lifetime marker: gone once the document has been reloaded. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { pwaMark: number }).pwaMark = 1));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { pwaMark?: number }).pwaMark === 1);

test.describe('manifest', () => {
  test('is linked from the page, valid, with fetchable icons of the declared sizes', async ({ page, request }) => {
    await page.goto('/landing');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute('content', 'yes');

    const res = await request.get('/manifest.webmanifest');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers()['cache-control']).toBe('no-cache');
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      name: 'VietFit',
      short_name: 'VietFit',
      lang: 'vi',
      start_url: '/home',
      scope: '/',
      id: '/',
      display: 'standalone',
      theme_color: '#0f172a',
      background_color: '#0f172a',
    });
    expect(manifest.description.length).toBeGreaterThan(20);

    const icons: { src: string; sizes: string; type: string; purpose: string }[] = manifest.icons;
    const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    const all = [...icons, { src: apple ?? '', sizes: '180x180', type: 'image/png', purpose: 'apple-touch-icon' }];
    for (const icon of all) {
      const file = await request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()['content-type']).toBe(icon.type);
      const meta = await sharp(await file.body()).metadata();
      expect(`${meta.width}x${meta.height}`, icon.src).toBe(icon.sizes);
      expect(meta.format).toBe('png');
    }
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
  });

  test('is linked once the page is idle, not from the HTML; without JavaScript from a <noscript> (ADR 087)', async ({
    browser,
    page,
    request,
  }) => {
    // The HTML links it only inside <noscript>: Chromium does not fetch it while the page parses.
    const html = await (await request.get('/landing')).text();
    expect(html).toContain('<noscript><link rel="manifest" href="/manifest.webmanifest"></noscript>');
    expect(html.replace(/<noscript>.*?<\/noscript>/g, '')).not.toContain('rel="manifest"');
    await page.goto('/landing');
    await waitForHydrated(page.locator('h1'));
    await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    // Without JavaScript, the <noscript> copy is the link.
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    try {
      const plain = await noJs.newPage();
      await plain.goto('/landing');
      await expect(plain.locator('head link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    } finally {
      await noJs.close();
    }
  });

  test("Chrome's installability checks pass (what Lighthouse's installable-manifest audit reported)", async ({
    baseURL,
  }) => {
    // A test context is incognito, where Chrome never offers to install: use a real profile.
    const profile = mkdtempSync(path.join(tmpdir(), 'gym-e2e-profile-'));
    const { launchOptions, viewport, userAgent } = test.info().project.use;
    const context = await chromium.launchPersistentContext(profile, {
      ...launchOptions,
      viewport,
      userAgent,
      isMobile: true,
      hasTouch: true,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${baseURL}/landing`);
      await controlledByServiceWorker(page);
      const cdp: CDPSession = await context.newCDPSession(page);
      const { errors } = await cdp.send('Page.getAppManifest');
      expect(errors).toEqual([]);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

test.describe('service worker', () => {
  test('installs, controls the page, precaches the assets and the offline page, and is served fresh', async ({
    page,
    request,
  }) => {
    await page.goto('/landing');
    await controlledByServiceWorker(page);
    const worker = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      const cached: string[] = [];
      for (const name of (await caches.keys()).filter((n) => n.startsWith('workbox-precache')))
        for (const req of await (await caches.open(name)).keys()) cached.push(new URL(req.url).pathname);
      return { script: new URL(reg.active!.scriptURL).pathname, scope: new URL(reg.scope).pathname, cached };
    });
    expect(worker.script).toBe('/sw.js');
    expect(worker.scope).toBe('/');
    expect(worker.cached).toContain('/offline.html');
    expect(worker.cached.some((p) => /^\/assets\/entry\.client-.+\.js$/.test(p))).toBe(true);
    // Nothing but the build's static files: no page, no data (pages have their copies apart, ADR 067).
    expect(worker.cached.filter((p) => !/^\/(assets\/.+\.(js|css)|offline\.(html|css))$/.test(p))).toEqual([]);

    const sw = await request.get('/sw.js');
    expect(sw.headers()['cache-control']).toBe('no-cache');
  });

  for (const lang of ['vi', 'en'] as const) {
    test(`offline, a page not cached shows the offline page (${lang}), and "try again" loads it once back online`, async ({
      page,
      context,
    }) => {
      await landing(page, lang);
      await controlledByServiceWorker(page);
      await context.setOffline(true);
      await page.goto('/login');
      // Bilingual: the offline page cannot know the language.
      await expect(page.getByRole('heading', { name: texts.vi.offline })).toBeVisible();
      await expect(page.getByRole('heading', { name: texts.en.offline })).toBeVisible();
      if (lang === 'vi') await snap(page, 'offline-page');

      await context.setOffline(false);
      await page.getByRole('link', { name: /Thử lại/ }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.locator('input[name="phoneNumber"]')).toBeVisible();
    });
  }

  for (const lang of ['vi', 'en'] as const) {
    test(`offline, a page seen before shows its saved copy with the time it was saved (${lang}) (ADR 067)`, async ({
      page,
      context,
    }) => {
      await landing(page, lang);
      await controlledByServiceWorker(page);
      // Loaded with the worker in control: its copy is kept.
      await page.reload();
      await expect(page.locator('h1')).toBeVisible();
      await context.setOffline(true);
      await page.goto('/landing');
      const banner = page.locator('#saved-copy');
      await expect(banner).toContainText(
        lang === 'vi'
          ? /^Bản lưu lúc \d\d:\d\d — đang thử kết nối lại/
          : /^Saved copy from \d\d:\d\d — trying to reconnect/,
      );
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('h1')).toBeVisible();
      await snap(page, `${lang}-offline-saved-copy`);
      await context.setOffline(false);
      // "Try again" loads the page from the network: no banner.
      await banner.getByRole('link').click();
      await expect(page.locator('h1')).toBeVisible();
      await expect(banner).toHaveCount(0);
    });
  }

  test("members' phones install no staff-only file: every member route is precached, none of the staff area's files (issue 39 §2)", async ({
    page,
  }) => {
    await page.goto('/landing');
    await controlledByServiceWorker(page);
    const precached = new Set(
      await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of (await caches.keys()).filter((n) => n.startsWith('workbox-precache')))
          for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
        return urls;
      }),
    );
    // The staff area from the build's route manifest: routes whose URL is under /staff, and layouts with only such routes.
    const client = path.resolve(process.env.BUILD_DIR ?? 'build', 'client');
    const manifestFile = readdirSync(path.join(client, 'assets')).find((name) => /^manifest-[\w-]+\.js$/.test(name))!;
    const routeManifest = JSON.parse(
      readFileSync(path.join(client, 'assets', manifestFile), 'utf8')
        .replace(/^window\.__reactRouterManifest=/, '')
        .replace(/;\s*$/, ''),
    ) as {
      entry: { module: string; imports?: string[]; css?: string[] };
      routes: Record<
        string,
        { id: string; parentId?: string; path?: string; module: string; imports?: string[]; css?: string[] }
      >;
    };
    const routes = Object.values(routeManifest.routes);
    const urlOf = (id: string): string => {
      const route = routeManifest.routes[id]!;
      const parent = route.parentId ? urlOf(route.parentId) : '';
      return route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent;
    };
    const isStaff = (id: string): boolean => {
      const children = routes.filter((route) => route.parentId === id);
      return children.length ? children.every((child) => isStaff(child.id)) : /^\/staff(\/|$)/.test(urlOf(id));
    };
    // What a route loads on demand (jsQR for the scanner) is in the Vite manifest.
    const vite = JSON.parse(readFileSync(path.join(client, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[] }
    >;
    const chunkOfFile = new Map(Object.entries(vite).map(([key, chunk]) => [`/${chunk.file}`, key]));
    const filesOf = (files: string[]) => {
      const found = new Set<string>();
      const visit = (file: string) => {
        if (found.has(file)) return;
        found.add(file);
        const chunk = vite[chunkOfFile.get(file) ?? ''];
        for (const key of [...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? [])]) visit(`/${vite[key]!.file}`);
        for (const css of chunk?.css ?? []) found.add(`/${css}`);
      };
      files.forEach(visit);
      return found;
    };
    const routeFiles = (route: { module: string; imports?: string[]; css?: string[] }) => [
      route.module,
      ...(route.imports ?? []),
      ...(route.css ?? []),
    ];
    const memberFiles = filesOf([
      ...routeFiles(routeManifest.entry),
      ...routes.filter((route) => !isStaff(route.id)).flatMap(routeFiles),
    ]);
    const staffOnly = [...filesOf(routes.filter((route) => isStaff(route.id)).flatMap(routeFiles))].filter(
      (file) => !memberFiles.has(file),
    );
    expect(routes.filter((route) => isStaff(route.id)).map((route) => route.id)).toContain('staff/scanner');
    expect(staffOnly.some((file) => /\/qr-decode-/.test(file))).toBe(true);
    expect(staffOnly.filter((file) => precached.has(file))).toEqual([]);
    expect(
      routes
        .filter((route) => !isStaff(route.id))
        .map((route) => route.module)
        .filter((file) => !precached.has(file)),
    ).toEqual([]);
    const bytes = [...precached].reduce((sum, file) => sum + statSync(path.join(client, file)).size, 0);
    console.log(
      `precache: ${String(precached.size)} files, ${(bytes / 1024).toFixed(1)} KiB; staff-only files left out: ${String(staffOnly.length)}`,
    );
  });
});

test.describe('offline alert', () => {
  for (const lang of ['vi', 'en'] as const) {
    test(`appears when the network is cut and goes away when it is back (${lang})`, async ({ page, context }) => {
      await landing(page, lang);
      await expect(page.getByRole('alert')).toHaveCount(0);
      // Cut before the page's scripts are in, the page would never hydrate to show anything.
      await waitForHydrated(page.locator('h1'));
      await context.setOffline(true);
      const alert = page.getByRole('alert');
      await expect(alert).toContainText(texts[lang].offline);
      await expect(alert.locator('p')).toHaveCount(2);
      await snap(page, `${lang}-offline-alert`);
      await context.setOffline(false);
      await expect(page.getByRole('alert')).toHaveCount(0);
    });
  }

  test('appears when a navigation fails for want of a network, and goes once a request succeeds', async ({ page }) => {
    await page.goto('/landing');
    await expect(page.locator('h1')).toBeVisible();
    // A client navigation, so a data request: clicked before hydration it would be a plain page load.
    await waitForHydrated(page.getByRole('link', { name: 'Đăng nhập / Đăng ký' }));
    // The browser still thinks it is online; the connection drops under the data request.
    await page.route('**/*.data*', (route) => route.abort('internetdisconnected'));
    await page.getByRole('link', { name: 'Đăng nhập / Đăng ký' }).click();
    await expect(page.getByRole('alert')).toContainText(texts.vi.offline);
    // The failure stays inside the layout: header, styles and a way to try again remain.
    await expect(page.getByRole('link', { name: 'Thử lại' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCSS('background-color', 'rgb(15, 23, 42)');
    await snap(page, 'vi-navigation-failed-offline');
    await page.unroute('**/*.data*');
    await page.goto('/landing');
    await page.getByRole('link', { name: 'Đăng nhập / Đăng ký' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('splash', () => {
  /** What an installed app reports: display-mode standalone. */
  const standalone = () => {
    const original = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => {
      if (!/display-mode:\s*standalone/.test(query)) return original(query);
      const list = original('(min-width: 0px)');
      return Object.defineProperties(list, { matches: { value: true }, media: { value: query } });
    };
  };

  for (const lang of ['vi', 'en'] as const) {
    // Timed inside the page by the splash's own CSS animation events, not by the test runner's clock:
    // on a loaded 2-core CI runner, goto() and a screenshot can take longer than the splash itself.
    test(`the installed app starts with the slogan for 3.5 s over the page, once per app session (${lang})`, async ({
      page,
    }) => {
      await landing(page, lang); // the language first, in a normal tab: no splash there
      await expect(page.locator('.splash-screen')).toBeHidden();
      await page.addInitScript(standalone);
      await page.addInitScript(() => {
        const times: { start?: number; end?: number } = {};
        (window as unknown as { splashTimes: typeof times }).splashTimes = times;
        // The start is read from the animation itself: the animationstart event waits for a free main
        // thread, and on a busy machine it came 200 ms late, making 3.5 s look like 3.3 s.
        document.addEventListener(
          'animationstart',
          (event) => {
            if (event.animationName !== 'splash-life') return;
            const animation = (event.target as Element)
              .getAnimations()
              .find((a) => (a as CSSAnimation).animationName === 'splash-life');
            times.start = typeof animation?.startTime === 'number' ? animation.startTime : performance.now();
          },
          true,
        );
        document.addEventListener(
          'animationend',
          (event) => {
            if (event.animationName === 'splash-life') times.end = performance.now();
          },
          true,
        );
      });

      await page.goto('/landing', { waitUntil: 'commit' });
      const splash = page.locator('.splash-screen');
      await expect(splash).toBeVisible();
      await expect(splash).toContainText(texts[lang].slogan);
      // The server-rendered page is already there underneath.
      await expect(page.locator('main h1')).toHaveCount(1);
      await snap(page, `${lang}-splash`);
      const times = await page.waitForFunction(
        () => {
          const t = (window as unknown as { splashTimes: { start?: number; end?: number } }).splashTimes;
          return t.start !== undefined && t.end !== undefined ? t : null;
        },
        null,
        { timeout: timeLimit(10_000) },
      );
      const { start, end } = (await times.jsonValue()) as { start: number; end: number };
      expect(end - start).toBeGreaterThan(3300);
      expect(end - start).toBeLessThan(5000);
      await expect(splash).toBeHidden();

      // Not again in the same app session: neither on navigation nor on a full reload.
      await page.reload();
      await expect(splash).toBeHidden();
      await page.goto('/login');
      await expect(splash).toBeHidden();
    });
  }

  test('a normal browser tab never shows it', async ({ page }) => {
    await page.goto('/landing');
    await expect(page.locator('.splash-screen')).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.classList.contains('splash'))).toBe(false);
  });
});

test.describe('pull-to-reload', () => {
  /** A one-finger vertical drag from y0 to y1 at x, as real touch events. */
  async function drag(cdp: CDPSession, x: number, y0: number, y1: number, release = true) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: y0 }] });
    const steps = 8;
    for (let i = 1; i <= steps; i++) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x, y: y0 + ((y1 - y0) * i) / steps }],
      });
    }
    if (release) await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }

  for (const lang of ['vi', 'en'] as const) {
    test(`past 70 px at the top the page reloads, short of it nothing happens (${lang})`, async ({ page }) => {
      await landing(page, lang);
      await page.waitForLoadState('load');
      const cdp = await page.context().newCDPSession(page);
      const indicator = page.locator('.pull');
      await expect(page.locator('.pull[data-armed]')).toBeAttached(); // loaded once the page is idle
      await mark(page);

      await drag(cdp, 195, 200, 260, false);
      await expect(indicator).toBeVisible();
      await expect(indicator).toHaveText(texts[lang].pull);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await expect(indicator).toBeHidden();
      expect(await marked(page)).toBe(true);

      await drag(cdp, 195, 200, 290, false);
      await expect(indicator).toHaveText(texts[lang].release);
      await snap(page, `${lang}-pull-to-reload`);
      const reloaded = page.waitForEvent('load');
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await reloaded;
      expect(await marked(page)).toBe(false);
    });
  }

  test('a mouse drag does nothing', async ({ page }) => {
    await page.goto('/landing');
    await page.waitForLoadState('load');
    await expect(page.locator('.pull[data-armed]')).toBeAttached();
    await mark(page);
    await page.mouse.move(195, 200);
    await page.mouse.down();
    await page.mouse.move(195, 400, { steps: 8 });
    await page.mouse.up();
    await expect(page.locator('.pull')).toBeHidden();
    await page.waitForTimeout(300);
    expect(await marked(page)).toBe(true);
  });
});

// Its own system: changing the app version must not show prompts in other specs' pages, the
// version is read from the gateway on every page here (APP_VERSION_CACHE_SECONDS=0), and the web
// server serves its own copy of the build, where a test writes the next release's worker.
test.describe('releases', () => {
  test.describe.configure({ mode: 'serial' });
  let system: Awaited<ReturnType<typeof startJourneySystem>>;
  let dataDir: string;
  let buildDir: string;
  test.beforeAll(async () => {
    // Two servers to start, the gateway on a fresh database.
    test.setTimeout(2 * JOURNEY_SYSTEM_READY_MS + 30_000);
    dataDir = mkdtempSync(path.join(tmpdir(), 'gym-e2e-pwa-'));
    // Inside the checkout, where the server build finds node_modules.
    buildDir = mkdtempSync(path.resolve('test-results/pwa-build-'));
    for (const part of ['client', 'server'])
      cpSync(path.resolve('build', part), path.join(buildDir, part), { recursive: true });
    system = await startJourneySystem({
      dataDir,
      build: false,
      logFile: path.resolve('test-results/servers-pwa.log'),
      env: { APP_VERSION_CACHE_SECONDS: '0', BUILD_DIR: buildDir },
    });
  });
  test.afterAll(async () => {
    await system?.stop();
    for (const dir of [dataDir, buildDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const setVersion = async (request: APIRequestContext, version: string) => {
    const res = await request.put(`${system.gatewayUrl}/sandbox/app-version`, {
      data: { valueVi: version, valueEn: version },
    });
    expect(res.status()).toBe(200);
  };

  for (const [lang, version] of [
    ['vi', '1.1.0'],
    ['en', '1.2.0'],
  ] as const) {
    test(`a new app version prompts, and the button reloads into it (${lang})`, async ({ page, request }) => {
      await landing(page, lang, system.webUrl);
      // Remembered by the update prompt, which loads once the page is idle.
      await expect.poll(() => page.evaluate(() => localStorage.getItem('appVersion'))).toMatch(/^\d+\.\d+\.\d+$/);
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await setVersion(request, version);
      await page.reload();
      const prompt = page.getByRole('dialog', { name: texts[lang].update });
      await expect(prompt).toBeVisible();
      await expect(prompt).toContainText(version);
      await snap(page, `${lang}-update-prompt`);

      await mark(page);
      const reloaded = page.waitForEvent('load');
      await prompt.getByRole('button', { name: texts[lang].updateButton }).click();
      await reloaded;
      expect(await marked(page)).toBe(false);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem('appVersion'))).toBe(version);
    });
  }

  // ADR 059 (issue 37 §1): a reload under the member's finger lost a ticked box; the page of the old
  // release now loads whole at the next link instead.
  test('the first install takes control quietly; a new worker taking over does not reload the page, the next link loads it whole', async ({
    page,
  }) => {
    await page.goto(`${system.webUrl}/landing`);
    await mark(page);
    await controlledByServiceWorker(page);
    await page.waitForTimeout(500);
    expect(await marked(page)).toBe(true);

    // The next release: same worker, other bytes.
    const swFile = path.join(buildDir, 'client/sw.js');
    appendFileSync(swFile, '\n// next release\n');
    // A release writes its brotli copy beside it (scripts/precompress.mjs): browsers that take br get that one.
    if (existsSync(`${swFile}.br`)) writeFileSync(`${swFile}.br`, brotliCompressSync(readFileSync(swFile)));
    let loads = 0;
    page.on('load', () => loads++);
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
          void navigator.serviceWorker.getRegistration().then((reg) => reg?.update());
        }),
    );
    await page.waitForTimeout(1500);
    expect(loads).toBe(0);
    expect(await marked(page)).toBe(true);

    await page.locator('a[href="/login"]').first().click();
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(() => loads, { timeout: timeLimit(15_000) }).toBe(1);
    expect(await marked(page)).toBe(false);
  });
});
