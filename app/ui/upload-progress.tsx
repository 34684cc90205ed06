import { lazy, Suspense, type FormEvent } from 'react';
import { useT } from '#app/i18n.ts';
import type * as UploadSend from './upload-send.ts';
import { idleUpload, setUploadState, uploadState, useUploadState } from './upload-state.ts';

// Issue 39 §3 (ADR 066): a photo upload shows how much has gone up, then a step of its own while
// the server works on it (reads the sheet, checks the card). fetch() cannot tell how much of a body
// has gone up; XMLHttpRequest can. The route's clientAction hands React Router's own server call to
// `withUploadProgress`, which lets that one POST go through XMLHttpRequest to the same address with
// the same body: the server side stays one path (the same action answers the plain form without
// JavaScript and this), React Router still decodes the answer, redirects and revalidates.

export { useUploadState } from './upload-state.ts';

// The XMLHttpRequest half and the steps' markup load on demand (issue 18's first-load budget): when
// a photo is picked, so that both are there by the tap.
const loadSteps = () => import('./upload-steps.tsx');
const UploadSteps = lazy(() => loadSteps().then((m) => ({ default: m.UploadSteps })));
let sender: Promise<typeof UploadSend> | undefined;
/** Loads upload-send.ts (once) and upload-steps.tsx. */
export const prepareUpload = () => {
  void loadSteps().catch(() => undefined);
  return (sender ??= import('./upload-send.ts').catch((error: unknown) => {
    sender = undefined;
    throw error;
  }));
};

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
      const body = init.body;
      // Its half not loaded (no network for it): the photo goes by fetch, without the bar.
      return prepareUpload().then(
        ({ sendWithProgress }) => sendWithProgress(url, { ...init, body }),
        () => original(input, init),
      );
    }
    return original(input, init);
  };
  window.fetch = intercept;
  try {
    return await serverAction();
  } finally {
    if (window.fetch === intercept) window.fetch = original;
    setUploadState(idleUpload);
  }
}

/**
 * A form's onSubmit: the first submission with a photo marks the upload as started at once, a second
 * tap while one is on its way is dropped (React Router's Form then does not send it).
 */
export function submitOnce(event: FormEvent<HTMLFormElement>) {
  if (uploadState().phase !== 'idle') {
    event.preventDefault();
    return;
  }
  if (!carriesFile(new FormData(event.currentTarget))) return;
  void prepareUpload().catch(() => undefined);
  setUploadState({ phase: 'sending', loaded: 0, total: 0 });
}

/**
 * The two steps of an upload (upload-steps.tsx) once one has started; without JavaScript a line says
 * the page may take a few seconds (the browser shows its own loading bar).
 */
export function UploadProgress({ processingLabel }: { processingLabel: string }) {
  const { t } = useT();
  const { phase } = useUploadState();
  return (
    <>
      <p className="hint no-js-only">{t('upload.mayTakeSeconds')}</p>
      {phase === 'idle' ? null : (
        <Suspense fallback={null}>
          <UploadSteps processingLabel={processingLabel} />
        </Suspense>
      )}
    </>
  );
}
