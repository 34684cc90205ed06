import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, HandleDataRequestFunction, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { deferModulePreloads } from '#app/server/deferred-preloads.server.ts';
import { encodeDocument } from '#app/server/document-encoding.server.ts';
import { pageSheet, withPageCss } from '#app/server/page-css.server.ts';
import { SPLASH_CLASS } from '#app/shell/splash.tsx';
import stylesheet from './styles.css?inline';
import stylesheetUrl from './styles.css?url';
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

/**
 * A page is rendered whole, then sent in one piece (ADR 058): every loader has finished before
 * React renders (no page defers data), so streaming sent the same bytes at the same moment, through
 * two transform streams, a web stream and a zlib stream per response.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  const nonce = newNonce();
  applyCsp(responseHeaders, nonce);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const send = (html: string) => {
      clearTimeout(giveUp);
      // The page's own style rules go into its <style> (ADR 029); the modulepreload links leave
      // the HTML and come back after the first paint (ADR 027), with the whole sheet the entry
      // waits for (ADR 083).
      const page = deferModulePreloads(withPageCss(html, pageCss), nonce, [stylesheetUrl]);
      const { body, encoding } = encodeDocument(page, request.headers.get('accept-encoding'));
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      responseHeaders.append('Vary', 'Accept-Encoding');
      // The compression middleware leaves a body that says its encoding as it is.
      if (encoding) responseHeaders.set('Content-Encoding', encoding);
      responseHeaders.set(
        'Content-Length',
        String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength),
      );
      resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // A Suspense boundary that finished rendering stays in place in the HTML (React otherwise
        // moves a large one to the end, and puts it back with a script that never runs without
        // JavaScript).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onShellReady() {
          shellRendered = true;
        },
        // Also called once `abort` below gave up on what had not finished (rendered in the browser then).
        onAllReady() {
          const chunks: Buffer[] = [];
          pipe(
            new Writable({
              write(chunk: Buffer, _encoding, callback) {
                chunks.push(chunk);
                callback();
              },
              final(callback) {
                send(Buffer.concat(chunks).toString('utf8'));
                callback();
              },
            }),
          );
        },
        onShellError(error: unknown) {
          clearTimeout(giveUp);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    const giveUp = setTimeout(abort, streamTimeout + 1000);
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applyCsp(response.headers);
  return response;
};
