import { useEffect } from 'react';

/**
 * Registers /sw.js after the page has loaded (ADR 009). When a new worker takes control of a page
 * that already had one, the page reloads once, so it runs with the worker's assets; the very first
 * install takes control silently. Returning to the app checks for a new worker.
 */
export function useServiceWorker() {
  useEffect(() => {
    const sw = navigator.serviceWorker;
    if (!import.meta.env.PROD || !sw) return;
    let controlled = Boolean(sw.controller);
    let reloading = false;
    const onControllerChange = () => {
      if (controlled && !reloading) {
        reloading = true;
        location.reload();
      }
      controlled = true;
    };
    const register = () => void sw.register('/sw.js', { scope: '/' }).catch(() => undefined);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void sw.getRegistration().then((reg) => reg?.update()).catch(() => undefined);
    };
    const stop = new AbortController();
    const { signal } = stop;
    sw.addEventListener('controllerchange', onControllerChange, { signal });
    document.addEventListener('visibilitychange', onVisible, { signal });
    if (document.readyState === 'complete') register();
    else addEventListener('load', register, { once: true, signal });
    return () => stop.abort();
  }, []);
}
