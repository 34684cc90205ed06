import { data, isRouteErrorResponse, Link } from 'react-router';
import { notificationEndpoints as endpoints } from '#api/endpoints/notifications.ts';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { useT } from '#app/i18n.ts';
import { getLang } from '#app/server/i18n.server.ts';
import { pageMeta } from '#app/ui/meta.ts';
import type { ShellHandle } from '#app/shell/handle.ts';
import { shellOnly } from '#app/server/member-read.server.ts';
import type { Route } from './+types/detail';
import { toNotificationView } from './notifications.server.ts';

export const handle: ShellHandle = {
  strings: ['notifications'],
  back: { to: '/notification', label: 'notification.title' },
};

/** No screen read: the layout reads the member shell alone, the page its own data (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [shellOnly];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'notification.title');

/** Opening it marks it read on the gateway; another member's id answers not found. */
export async function loader(args: Route.LoaderArgs) {
  const gateway = gatewayClient(args);
  try {
    const { data: notification } = await gateway(endpoints.open, { params: { id: args.params.notifyId } });
    // Read after the opening marked it read: the header's dot is drawn from this figure (layout loaders run in parallel).
    const { data: counts } = await gateway(endpoints.list, { query: { page: 1, limit: 1 } });
    return { ...toNotificationView(notification, getLang(args.context)), unreadCount: counts.unreadCount };
  } catch (error) {
    if (error instanceof GatewayError && (error.status === 404 || error.status === 400)) {
      throw data({ notFound: true }, { status: 404 });
    }
    throw error;
  }
}

export default function NotificationDetail({ loaderData: n }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <main className="page">
      <article className="notification-detail">
        <time className="notification-time">{n.time}</time>
        <h1>{n.title}</h1>
        <p className="notification-full">{n.body}</p>
        {n.link ? (
          <Link to={n.link} className="button button-primary button-block">
            {t('notification.open')}
          </Link>
        ) : null}
      </article>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useT();
  // A 401 belongs to the root boundary: session expired, then /landing (§4).
  if (isRouteErrorResponse(error) && error.status === 401) throw error;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="page">
      <EmptyState
        icon="bell"
        title={notFound ? t('notification.notFoundTitle') : t('error.title')}
        text={notFound ? t('notification.notFoundText') : t('error.lead')}
      >
        <Link to="/notification" className="button button-secondary">
          {t('notification.backToList')}
        </Link>
      </EmptyState>
    </main>
  );
}
