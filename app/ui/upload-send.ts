import { setUploadState, uploadState } from './upload-state.ts';

// The XMLHttpRequest half of ADR 066, loaded when a photo is picked or sent (not with the page:
// issue 18's first-load budget): fetch() cannot tell how much of a body has gone up; XMLHttpRequest can.

/** Statuses that carry no body: a Response refuses one. */
const NO_BODY = new Set([101, 204, 205, 304]);

function responseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** fetch()'s answer to one POST, sent by XMLHttpRequest so its upload can be followed. */
export function sendWithProgress(url: string, init: RequestInit & { body: FormData }): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.responseType = 'arraybuffer';
    new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) =>
      setUploadState({ phase: 'sending', loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    xhr.upload.onload = () =>
      setUploadState({ phase: 'processing', loaded: uploadState().total, total: uploadState().total });
    xhr.onload = () => {
      const body = NO_BODY.has(xhr.status) ? null : (xhr.response as ArrayBuffer);
      resolve(
        new Response(body, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: responseHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    };
    // As fetch does: a network failure is a TypeError, an abort an AbortError.
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(init.body);
  });
}
