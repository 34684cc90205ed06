import { useEffect, useRef, useState } from 'react';
import { createPath, useLocation, useNavigation } from 'react-router';
import { useUploadState } from '#app/ui/upload-state.ts';
import { ShellAlert } from './offline-alert.tsx';
import { FORM_WAITED, NAVIGATION_WAIT_MS, SAVED_COPY_ID, type WorkerMessage } from './sw-logic.ts';

/** Tells the worker something and waits for its word, not longer than `ms`. */
function tellWorker(message: WorkerMessage, ms: number, onAnswer?: (answer: unknown) => void): Promise<void> {
  const worker = navigator.serviceWorker.controller;
  if (!worker) return Promise.resolve();
  const channel = new MessageChannel();
  return new Promise((resolve) => {
    const done = setTimeout(resolve, ms);
    channel.port1.onmessage = (event) => {
      clearTimeout(done);
      onAnswer?.(event.data);
      resolve();
    };
    worker.postMessage(message, [channel.port2]);
  });
}

/**
 * A copy the worker answered with (ADR 067): its banner turns into "a newer copy is here" once the
 * network's late answer has renewed it; its link (a reload) then shows the new one.
 */
function watchSavedCopy() {
  const banner = document.getElementById(SAVED_COPY_ID);
  if (!banner) return;
  void tellWorker(
    { type: 'saved-copy', url: location.href, savedAt: Number(banner.dataset.savedAt) },
    10 * 60_000,
    (answer) => {
      if (answer !== 'renewed') return;
      const [text, link] = [banner.querySelector('span'), banner.querySelector('a')];
      if (text) text.textContent = banner.dataset.fresh ?? '';
      if (link) link.textContent = banner.dataset.showFresh ?? '';
    },
  );
}

/**
 * Registers /sw.js after the page has loaded (ADR 009). When a new worker takes control of a page
 * that already had one (a release while the page was open), the page does not reload under the
 * member, who may be ticking a box or typing a code (issue 37 §1, ADR 059): the next link followed
 * loads as a whole page, in the new release. The very first install takes control silently.
 * Returning to the app checks for a new worker.
 *
 * ADR 067, a bounded wait: a link whose data has not come within NAVIGATION_WAIT_MS loads as a whole
 * page, which the worker answers at once (the network, a copy or the offline page). A form still
 * unanswered then stays as typed, and the returned flag says so (the shell shows it); so does a
 * whole-page form the worker could not send in time. A page reached by a link asks the worker to
 * keep its copy (the worker only sees its data go by).
 */
function useServiceWorker(): { formWaited: boolean; dismissFormWaited: () => void } {
  const outdated = useRef(false);
  const [formWaited, setFormWaited] = useState(false);
  useEffect(() => {
    const sw = navigator.serviceWorker;
    if (!import.meta.env.PROD || !sw) return;
    let controlled = Boolean(sw.controller);
    const onControllerChange = () => {
      if (controlled) outdated.current = true;
      controlled = true;
    };
    const register = () => void sw.register('/sw.js', { scope: '/' }).catch(() => undefined);
    const onVisible = () => {
      if (document.visibilityState === 'visible')
        void sw
          .getRegistration()
          .then((reg) => reg?.update())
          .catch(() => undefined);
    };
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type === FORM_WAITED) setFormWaited(true);
    };
    const stop = new AbortController();
    const { signal } = stop;
    sw.addEventListener('controllerchange', onControllerChange, { signal });
    sw.addEventListener('message', onMessage, { signal });
    document.addEventListener('visibilitychange', onVisible, { signal });
    if (document.readyState === 'complete') register();
    else addEventListener('load', register, { once: true, signal });
    if (sw.controller) watchSavedCopy();
    return () => stop.abort();
  }, []);

  // A link (not a form's answer: what was sent goes through) leaving the page.
  const navigation = useNavigation();
  const leaving = navigation.state === 'loading' && !navigation.formMethod ? createPath(navigation.location) : null;
  useEffect(() => {
    if (!leaving) return;
    // A page of the old release (ADR 059).
    if (outdated.current) return location.assign(leaving);
    if (!navigator.serviceWorker?.controller) return;
    const timer = setTimeout(() => {
      void tellWorker({ type: 'navigation-waited', url: leaving }, 150).then(() => location.assign(leaving));
    }, NAVIGATION_WAIT_MS);
    return () => clearTimeout(timer);
  }, [leaving]);

  // A page reached by a link: its document becomes its copy, in the background (not with Save-Data).
  const here = useLocation();
  const path = createPath(here);
  const firstPage = useRef(true);
  useEffect(() => {
    if (firstPage.current) return void (firstPage.current = false);
    const saveData = (navigator as { connection?: { saveData?: boolean } }).connection?.saveData;
    if (!saveData)
      navigator.serviceWorker?.controller?.postMessage({ type: 'keep-copy', url: path } satisfies WorkerMessage);
  }, [here.key, path]);

  // A form sent and not answered in time: it stays as typed, and is not sent again from here. A
  // photo upload shows its own progress (ADR 066): while its bytes move, and once it is up and the
  // server works on it (reading a sheet, checking a card), the network is not what is slow.
  const submitting = navigation.state === 'submitting';
  const upload = useUploadState();
  const uploaded = upload.phase === 'processing';
  useEffect(() => {
    if (!submitting || uploaded) return;
    const timer = setTimeout(() => setFormWaited(true), NAVIGATION_WAIT_MS);
    return () => clearTimeout(timer);
  }, [submitting, uploaded, upload.loaded]);
  // An answer came (or another page), or the photo is up: the notice has said its piece.
  if (formWaited && (navigation.state === 'loading' || uploaded)) setFormWaited(false);

  return { formWaited, dismissFormWaited: () => setFormWaited(false) };
}

/**
 * The page's side of the worker, loaded once the browser is idle after hydration (pwa-shell.tsx;
 * issue 18's first-load budget): a first visit has no worker in control yet, a later one loads this
 * from the precache. A form that waited too long says so here.
 */
export function WorkerBridge({ title, body, close }: { title: string; body: string; close: string }) {
  const { formWaited, dismissFormWaited } = useServiceWorker();
  return formWaited ? <ShellAlert title={title} body={body} close={close} onClose={dismissFormWaited} /> : null;
}
