import { useEffect, useRef } from 'react';
import { createPath, useNavigation } from 'react-router';

/**
 * Registers /sw.js after the page has loaded (ADR 009). When a new worker takes control of a page
 * that already had one (a release while the page was open), the page does not reload under the
 * member, who may be ticking a box or typing a code (issue 37 §1, ADR 059): the next link followed
 * loads as a whole page, in the new release. The very first install takes control silently.
 * Returning to the app checks for a new worker.
 */
export function useServiceWorker() {
  const outdated = useRef(false);
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

  // A link (not a form's answer: what was sent goes through) leaving a page of the old release.
  const navigation = useNavigation();
  const leaving = navigation.state === 'loading' && !navigation.formMethod ? createPath(navigation.location) : null;
  useEffect(() => {
    if (leaving && outdated.current) location.assign(leaving);
  }, [leaving]);
}
