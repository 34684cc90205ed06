import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useRevalidator } from 'react-router';
import { useT } from '#app/i18n.ts';

/**
 * A page that failed (a gateway error, a dropped connection) inside a layout: the header and the
 * navigation stay, with a way to try again. A 401 belongs to the root: session expired (§4).
 */
export function PageError({ error, home }: { error: unknown; home: string }) {
  const { t } = useT();
  const location = useLocation();
  const offline = isNetworkFailure(error);
  useRetryWhenBackOnline(offline);
  if (isRouteErrorResponse(error) && error.status === 401) throw error;
  // The page's data could not be fetched for want of a network (issue 10 §13): say so, and come
  // back by itself when the network does, instead of "something went wrong".
  if (offline) {
    return (
      <main className="page page-center">
        <h1>{t('pwa.offlineTitle')}</h1>
        <p className="muted">{t('pwa.offlineBody')}</p>
        <a className="button button-primary" href={`${location.pathname}${location.search}`}>
          {t('error.retry')}
        </a>
      </main>
    );
  }
  // 404: a missing id, or another member's (the gateway answers the same): nothing to retry (issue 10 §9).
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main className="page page-center">
        <h1>{t('error.notFoundTitle')}</h1>
        <p className="muted">{t('error.notFoundLead')}</p>
        <a className="button button-primary" href={home}>
          {t('error.home')}
        </a>
      </main>
    );
  }
  // 503: the gateway or its database is away for a moment (issue 9), not a fault of this page.
  const unavailable = isRouteErrorResponse(error) && error.status === 503;
  return (
    <main className="page page-center">
      <h1>{t(unavailable ? 'error.unavailableTitle' : 'error.title')}</h1>
      <p className="muted">{t(unavailable ? 'error.unavailableLead' : 'error.lead')}</p>
      <a className="button button-primary" href={`${location.pathname}${location.search}`}>
        {t('error.retry')}
      </a>
      <a className="button button-secondary" href={home}>
        {t('error.home')}
      </a>
    </main>
  );
}

/** A fetch that never reached a server rejects with a TypeError; the browser may also know it is offline. */
function isNetworkFailure(error: unknown) {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return true;
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

/** While a page failed for want of a network: load it again when the browser is back online, and every 5 s. */
function useRetryWhenBackOnline(active: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const retry = () => {
      if (navigator.onLine && revalidator.state === 'idle') void revalidator.revalidate();
    };
    addEventListener('online', retry);
    const timer = setInterval(retry, 5000);
    return () => {
      removeEventListener('online', retry);
      clearInterval(timer);
    };
  }, [active, revalidator]);
}
