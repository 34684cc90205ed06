// ADR 027: React Router's <Scripts> writes a <link rel="modulepreload"> for every module of the
// page. A browser on a fast link fetches and compiles them before it paints, and Lighthouse's
// slow-4G simulation then counts all of them, and the hydration they feed, before the first paint:
// /landing's LCP was 2.0 s against 0.7 s without them. `deferModulePreloads` takes them out of the page and
// adds them back from a small script one frame after the first paint: the page paints from the
// HTML alone, and the modules still download in parallel, not one import level after another.

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
/** The id the bench reads the list by (scripts/bench/first-load.mjs). */
export const DEFERRED_PRELOADS_ID = 'deferred-modulepreloads';
/** The id of React Router's module script once it waits for the first paint (the bench reads its imports). */
export const DEFERRED_MODULE_ID = 'deferred-module';
// React Router's one inline module script: it imports the entry and the route modules.
const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/g;

/**
 * ADR 087: the code of `body` run once the first contentful paint is on screen, not merely drawn.
 * `requestAnimationFrame` → `setTimeout` ran after the main thread's paint of the first frame, but
 * the frame is shown (and its paint timed) later: on a loaded CPU, tens of ms later. Requests made
 * in between are counted by Lighthouse's simulation as needed for the paint (they ended before it).
 * So after the frame, the script waits for the browser's `first-contentful-paint` entry; a browser
 * without paint timing goes on at once, and a page that paints nothing contentful after 500 ms.
 */
export const afterFirstPaint = (body: string) =>
  `requestAnimationFrame(function(){var d=0,P=window.PerformanceObserver;function g(){if(!d){d=1;setTimeout(function(){${body}})}}` +
  `if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){new P(function(l,o){` +
  `if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();g()}}).observe({type:'paint',buffered:true});setTimeout(g,500)}else g()})`;

/**
 * React Router's module script, started after the first paint like the preloads: on a slow link
 * the browser otherwise requests the entry and the route modules while it parses, before it
 * paints, and Lighthouse's simulation counts them into the first paint (ADR 027, amended; ADR 087).
 */
export const deferredModuleScript = (code: string, nonce: string) =>
  `<script nonce="${nonce}" id="${DEFERRED_MODULE_ID}">` +
  afterFirstPaint(
    `var s=document.createElement('script');s.type='module';s.nonce=${JSON.stringify(nonce)};s.text=${JSON.stringify(code).replace(/</g, '\\u003c')};document.body.appendChild(s)`,
  ) +
  `</script>`;

/** A `.css` href of the list is preloaded as a style (the whole sheet, ADR 083), every other one as a module. */
export const deferredPreloadScript = (hrefs: readonly string[], nonce: string) =>
  `<script nonce="${nonce}" id="${DEFERRED_PRELOADS_ID}">` +
  afterFirstPaint(
    `${JSON.stringify(hrefs).replace(/</g, '\\u003c')}.forEach(function(h){var l=document.createElement('link');` +
      `if(h.slice(-4)=='.css'){l.rel='preload';l.as='style'}else l.rel='modulepreload';l.href=h;document.head.appendChild(l)})`,
  ) +
  `</script>`;

const MANIFEST = 'window.__reactRouterManifest = ';

/**
 * React Router writes the page's route manifest indented by two spaces a level (ADR 068): the
 * same object without the indentation is 30 % fewer bytes of it (60–120 gzipped a page).
 */
export function compactManifest(code: string): string {
  const start = code.indexOf(MANIFEST);
  if (start < 0) return code;
  const from = start + MANIFEST.length;
  // The object ends at the first "};" before a line break: a JSON string holds no raw line break.
  const end = code.indexOf('};\n', from);
  if (end < 0) return code;
  try {
    return code.slice(0, from) + JSON.stringify(JSON.parse(code.slice(from, end + 1))) + code.slice(end + 1);
  } catch {
    return code;
  }
}

/** Connections Chromium opens to one host over HTTP/1.1 (the page's own among them). */
const CONNECTIONS = 6;
/** The entry, imported last by React Router's module script: `import("/assets/entry.client-….js");`. */
const ENTRY_IMPORT = /\bimport\("([^"]+)"\);?\s*$/;

/**
 * ADR 083: the entry is the one big file (React, React Router, the shell: about 100 KB). Asked for
 * among the first files, its bytes fill a weak link for seconds, and every small file asked for
 * after it waits behind them, its connection held; asked for after the sixth, it starts a round
 * trip late. So it goes sixth: the five small files ahead of it are answered first and their
 * connections fetch the next five while the entry downloads.
 */
export function entrySixth(hrefs: readonly string[], entry: string | undefined): string[] {
  const rest = hrefs.filter((href) => href !== entry);
  if (!entry || rest.length === hrefs.length) return [...hrefs];
  const at = Math.min(CONNECTIONS - 1, rest.length);
  return [...rest.slice(0, at), entry, ...rest.slice(at)];
}

/**
 * The page with its modulepreload links moved into one script before </body>, and React Router's
 * module script started after the first paint. `sheets`: stylesheets the entry loads before it
 * hydrates (ADR 029), preloaded by the same script beside the modules (ADR 083): the entry asks for
 * them only once it runs, one more round trip after its own download on a first visit.
 */
export function deferModulePreloads(html: string, nonce: string, sheets: readonly string[] = []): string {
  const hrefs: string[] = [];
  let entry: string | undefined;
  const out = html
    .replace(PRELOAD, (_tag, href: string) => {
      if (!hrefs.includes(href)) hrefs.push(href);
      return '';
    })
    .replace(MODULE_SCRIPT, (_tag, code: string) => {
      entry = ENTRY_IMPORT.exec(code)?.[1];
      return deferredModuleScript(compactManifest(code), nonce);
    });
  // A page without modules (no JavaScript to run) loads no sheet either.
  if (hrefs.length === 0) return out;
  const end = out.indexOf('</body>');
  const script = deferredPreloadScript(entrySixth([...sheets, ...hrefs], entry), nonce);
  return end >= 0 ? out.slice(0, end) + script + out.slice(end) : out + script;
}
