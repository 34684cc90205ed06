import { useSyncExternalStore, type FormEvent } from 'react';
import { useT } from '#app/i18n.ts';

// Issue 39 §3 (ADR 066): a photo upload shows how much has gone up, then a step of its own while
// the server works on it (reads the sheet, checks the card). fetch() cannot tell how much of a body
// has gone up; XMLHttpRequest can. The route's clientAction hands React Router's own server call to
// `withUploadProgress`, which lets that one POST go through XMLHttpRequest to the same address with
// the same body: the server side stays one path (the same action answers the plain form without
// JavaScript and this), React Router still decodes the answer, redirects and revalidates.

export type UploadPhase = 'idle' | 'sending' | 'processing';
export type UploadState = { phase: UploadPhase; loaded: number; total: number };

const idle: UploadState = { phase: 'idle', loaded: 0, total: 0 };
let state = idle;
const listeners = new Set<() => void>();
function setState(next: UploadState) {
  state = next;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Where the upload is: idle, sending (with bytes), or processing on the server. */
export const useUploadState = () =>
  useSyncExternalStore(
    subscribe,
    () => state,
    () => idle,
  );

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
function sendWithProgress(url: string, init: RequestInit & { body: FormData }): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.responseType = 'arraybuffer';
    new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) =>
      setState({ phase: 'sending', loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    xhr.upload.onload = () => setState({ phase: 'processing', loaded: state.total, total: state.total });
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

const carriesFile = (body: unknown): body is FormData =>
  body instanceof FormData && [...body.values()].some((value) => value instanceof File && value.size > 0);

/**
 * For a route's clientAction: runs React Router's server call with the next POST that carries a
 * photo going through XMLHttpRequest (progress in `useUploadState`). Other requests meanwhile, and a
 * form of the page without a photo, go through fetch as ever.
 */
export async function withUploadProgress<T>(serverAction: () => Promise<T>): Promise<T> {
  const original = window.fetch;
  const intercept: typeof window.fetch = (input, init) => {
    if (init?.method === 'POST' && carriesFile(init.body)) {
      window.fetch = original;
      const url = input instanceof Request ? input.url : String(input);
      return sendWithProgress(url, { ...init, body: init.body });
    }
    return original(input, init);
  };
  window.fetch = intercept;
  try {
    return await serverAction();
  } finally {
    if (window.fetch === intercept) window.fetch = original;
    setState(idle);
  }
}

/**
 * A form's onSubmit: the first submission with a photo marks the upload as started at once, a second
 * tap while one is on its way is dropped (React Router's Form then does not send it).
 */
export function submitOnce(event: FormEvent<HTMLFormElement>) {
  if (state.phase !== 'idle') {
    event.preventDefault();
    return;
  }
  if (carriesFile(new FormData(event.currentTarget))) setState({ phase: 'sending', loaded: 0, total: 0 });
}

/**
 * The two steps of an upload: a bar of how much of the photo has gone up, then `processingLabel`
 * ("Đang đọc phiếu…") with its own moving indicator. Without JavaScript a line says the page may
 * take a few seconds (the browser shows its own loading bar).
 */
export function UploadProgress({ processingLabel }: { processingLabel: string }) {
  const { t } = useT();
  const { phase, loaded, total } = useUploadState();
  const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
  return (
    <>
      <p className="hint no-js-only">{t('upload.mayTakeSeconds')}</p>
      {phase === 'idle' ? null : (
        <ol className="upload-steps" aria-label={t('upload.stepsLabel')}>
          <li className={phase === 'sending' ? 'upload-step current' : 'upload-step done'}>
            <span className="upload-step-text" role="status">
              <span className="upload-step-mark" aria-hidden="true">
                {phase === 'sending' ? '1' : '✓'}
              </span>
              {phase === 'sending' ? t('upload.sending') : t('upload.sent')}
              {phase === 'sending' && total > 0 ? <span aria-hidden="true"> {percent} %</span> : null}
            </span>
            <progress
              className="upload-bar"
              max={100}
              value={phase === 'sending' ? percent : 100}
              aria-label={t('upload.sending')}
            />
          </li>
          <li
            className={phase === 'processing' ? 'upload-step current' : 'upload-step'}
            aria-current={phase === 'processing' ? 'step' : undefined}
          >
            <span className="upload-step-text" role={phase === 'processing' ? 'status' : undefined}>
              <span className="upload-step-mark" aria-hidden="true">
                2
              </span>
              {processingLabel}
            </span>
            {phase === 'processing' ? <span className="upload-working" aria-hidden="true" /> : null}
          </li>
        </ol>
      )}
    </>
  );
}
