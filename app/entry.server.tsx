import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, HandleDataRequestFunction, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { DeferModulePreloads } from '#app/server/deferred-preloads.server.ts';
import { InlinePageCss, pageSheet } from '#app/server/page-css.server.ts';
import { SPLASH_CLASS } from '#app/shell/splash.tsx';
import stylesheet from './styles.css?inline';
import { NonceContext } from '#app/server/nonce.ts';
import { documentCsp, newNonce } from '#app/server/security.server.ts';

export const streamTimeout = 5_000;

/** The rules of the whole sheet a page's markup can match (ADR 029), parsed once. */
const pageCss = pageSheet(stylesheet, [SPLASH_CLASS]);

// The web server (app/server/http-server.ts) sets the headers every response carries; React Router
// appends rather than replaces, so only the per-response CSP is set here.
function applyCsp(headers: Headers, nonce?: string) {
  headers.set('Content-Security-Policy', nonce ? documentCsp(nonce) : "default-src 'none'; frame-ancestors 'none'");
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  const nonce = newNonce();
  applyCsp(responseHeaders, nonce);
  // Crawlers and the SPA-mode build get the whole document; people get it streamed.
  const readyEvent = isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // A Suspense boundary that finished rendering stays in place in the HTML. React otherwise
        // moves one of more than 500 bytes to the end of the stream once 12.8 KB went before it, and
        // puts it back with a script: without JavaScript it stays hidden there (the gift popover on
        // the membership pages, whose inline style rules come first, did).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [readyEvent]() {
          shellRendered = true;
          // The page's own style rules go into its <style> (ADR 029); the modulepreload links leave
          // the HTML and come back after the first paint (ADR 027).
          const html = new InlinePageCss(pageCss);
          const body = html.pipe(new DeferModulePreloads(nonce));
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(html);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applyCsp(response.headers);
  return response;
};
