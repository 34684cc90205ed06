import { StringDecoder } from 'node:string_decoder';
import { Transform, type TransformCallback } from 'node:stream';

// ADR 027: React Router's <Scripts> writes a <link rel="modulepreload"> for every module of the
// page. A browser on a fast link fetches and compiles them before it paints, and Lighthouse's
// slow-4G simulation then counts all of them, and the hydration they feed, before the first paint:
// /landing's LCP was 2.0 s against 0.7 s without them. This stream takes them out of the HTML and
// adds them back from a small script one frame after the first paint: the page paints from the
// HTML alone, and the modules still download in parallel, not one import level after another.

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
/** The id the bench reads the list by (scripts/bench/first-load.mjs). */
export const DEFERRED_PRELOADS_ID = 'deferred-modulepreloads';
/** The id of React Router's module script once it waits for the first paint (the bench reads its imports). */
export const DEFERRED_MODULE_ID = 'deferred-module';
// React Router's one inline module script: it imports the entry and the route modules.
const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/g;
const MODULE_SCRIPT_START = /<script\b[^>]*\btype="module"/;

/**
 * React Router's module script, started one frame after the first paint like the preloads: on a
 * slow link the browser otherwise requests the entry and the route modules while it parses, before
 * it paints, and Lighthouse's simulation counts them into the first paint (ADR 027, amended).
 */
export const deferredModuleScript = (code: string, nonce: string) =>
  `<script nonce="${nonce}" id="${DEFERRED_MODULE_ID}">requestAnimationFrame(function(){setTimeout(function(){` +
  `var s=document.createElement('script');s.type='module';s.nonce=${JSON.stringify(nonce)};s.text=${JSON.stringify(code).replace(/</g, '\\u003c')};document.body.appendChild(s)})})</script>`;

export const deferredPreloadScript = (hrefs: readonly string[], nonce: string) =>
  `<script nonce="${nonce}" id="${DEFERRED_PRELOADS_ID}">requestAnimationFrame(function(){setTimeout(function(){` +
  `${JSON.stringify(hrefs).replace(/</g, '\\u003c')}.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.appendChild(l)})})})</script>`;

/** The HTML stream with its modulepreload links moved into one script before </body>, and its module script started after the first paint. */
export class DeferModulePreloads extends Transform {
  #decoder = new StringDecoder('utf8');
  #carry = '';
  #hrefs: string[] = [];
  #done = false;

  constructor(private readonly nonce: string) {
    super();
  }

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
    const text = this.#carry + (typeof chunk === 'string' ? chunk : this.#decoder.write(chunk));
    // A tag cut at the end of a chunk waits for the rest of it, and so does a module script.
    const open = text.lastIndexOf('<');
    let cut = open > text.lastIndexOf('>') ? open : text.length;
    const moduleStart = this.#done ? -1 : text.search(MODULE_SCRIPT_START);
    if (moduleStart >= 0 && !text.includes('</script>', moduleStart)) cut = Math.min(cut, moduleStart);
    this.#carry = text.slice(cut);
    callback(null, this.#rewrite(text.slice(0, cut)));
  }

  override _flush(callback: TransformCallback) {
    const rest = this.#rewrite(this.#carry + this.#decoder.end());
    callback(null, this.#done || this.#hrefs.length === 0 ? rest : rest + deferredPreloadScript(this.#hrefs, this.nonce));
  }

  #rewrite(text: string) {
    if (this.#done) return text;
    let out = text
      .replace(PRELOAD, (_tag, href: string) => {
        if (!this.#hrefs.includes(href)) this.#hrefs.push(href);
        return '';
      })
      .replace(MODULE_SCRIPT, (_tag, code: string) => deferredModuleScript(code, this.nonce));
    const end = out.indexOf('</body>');
    if (end >= 0 && this.#hrefs.length > 0) {
      out = out.slice(0, end) + deferredPreloadScript(this.#hrefs, this.nonce) + out.slice(end);
      this.#done = true;
    }
    return out;
  }
}
