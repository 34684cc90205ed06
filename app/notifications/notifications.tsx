import { Form, Link, redirect } from 'react-router';
import { notificationEndpoints as endpoints } from '#api/endpoints/notifications.ts';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { PushToggle } from './push-toggle.tsx';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { useT } from '#app/i18n.ts';
import { getLang, getT } from '#app/server/i18n.server.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { flashToast, getSession } from '#app/server/session.server.ts';
import { shellOnly } from '#app/server/member-read.server.ts';
import type { Route } from './+types/notifications';
import { pageFromUrl, toNotificationView } from './notifications.server.ts';
import type { StringsHandle } from '#app/locales/messages.ts';

/** The string parts this page uses (ADR 030). */
export const handle: StringsHandle = { strings: ['notifications'] };

/** No screen read: the layout reads the member shell alone, the page its own data (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [shellOnly];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'notification.title');

export async function loader(args: Route.LoaderArgs) {
  const gateway = gatewayClient(args);
  const lang = getLang(args.context);
  const page = pageFromUrl(args.request.url);
  const [list, publicKey] = await Promise.all([
    gateway(endpoints.list, { query: { page, limit: 20 } }),
    // Without a key the page still lists everything; only the push switch hides.
    gateway(endpoints.pushPublicKey).then(
      (r) => r.data.publicKey,
      (error: unknown) => {
        if (error instanceof GatewayError) return null;
        throw error;
      },
    ),
  ]);
  const { items, total, limit, unreadCount } = list.data;
  return {
    items: items.map((n) => toNotificationView(n, lang)),
    page,
    pageCount: Math.max(1, Math.ceil(total / limit)),
    total,
    unreadCount,
    publicKey,
  };
}

export async function action(args: Route.ActionArgs) {
  const session = getSession(args.context);
  try {
    await gatewayClient(args)(endpoints.readAll);
    flashToast(session, { kind: 'success', text: getT(args.context)('notification.allRead') });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    flashToast(session, { kind: 'error', text: error.text });
  }
  throw redirect('/notification');
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { items, page, pageCount, total, unreadCount, publicKey } = loaderData;
  return (
    <main className="page">
      <div className="page-title-row">
        <h1>{t('notification.title')}</h1>
        {unreadCount > 0 ? (
          <Form method="post">
            <button type="submit" className="button button-link small">
              {t('notification.markAllRead')}
            </button>
          </Form>
        ) : null}
      </div>
      {total === 0 ? (
        <EmptyState icon="bell" title={t('notification.emptyTitle')} text={t('notification.emptyText')} />
      ) : items.length === 0 ? (
        <EmptyState icon="bell" title={t('notification.pastEndTitle')} text={t('notification.pastEndText')}>
          <Link to="/notification" className="button button-secondary">
            {t('notification.firstPage')}
          </Link>
        </EmptyState>
      ) : (
        <ul className="notification-list">
          {items.map((n) => (
            <li key={n.id}>
              <Link
                to={`/notification/${n.id}`}
                className={n.unread ? 'notification-card unread' : 'notification-card'}
              >
                {n.unread ? <span className="unread-mark" aria-hidden="true" /> : null}
                <span className="notification-text">
                  <span className="notification-title">
                    {n.unread ? <span className="visually-hidden">{t('notification.unread')}: </span> : null}
                    {n.title}
                  </span>
                  <span className="notification-body">{n.body}</span>
                  <time className="notification-time">{n.time}</time>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pageCount > 1 ? (
        <nav className="pager" aria-label={t('notification.pages')}>
          {page > 1 ? (
            <Link
              to={page === 2 ? '/notification' : `/notification?page=${page - 1}`}
              className="button button-secondary"
            >
              {t('notification.newer')}
            </Link>
          ) : (
            <span />
          )}
          <span className="small muted">{t('notification.pageOf', { page, count: pageCount })}</span>
          {page < pageCount ? (
            <Link to={`/notification?page=${page + 1}`} className="button button-secondary">
              {t('notification.older')}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
      {/* After the list, painted with it as "off" until the browser says what it supports (push-toggle.tsx). */}
      <PushToggle publicKey={publicKey} />
    </main>
  );
}
