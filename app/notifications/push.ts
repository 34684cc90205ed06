import { data } from 'react-router';
import { z } from 'zod';
import { notificationEndpoints as endpoints } from '#api/endpoints/notifications.ts';
import { pushSubscriptionBody, pushUnsubscribeBody } from '#api/notifications.ts';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import type { Route } from './+types/push';

const pushChange = z.union([
  z.object({ subscribe: pushSubscriptionBody }),
  z.object({ unsubscribe: pushUnsubscribeBody }),
]);

/** The browser's push subscription, passed on to the gateway with the member's token (which the page never sees). */
export async function action(args: Route.ActionArgs) {
  const body = pushChange.safeParse(await args.request.json().catch(() => undefined));
  if (!body.success) return data({ ok: false }, { status: 400 });
  const gateway = gatewayClient(args);
  try {
    if ('subscribe' in body.data) {
      await gateway(endpoints.subscribe, { json: body.data.subscribe });
    } else {
      await gateway(endpoints.unsubscribe, { json: body.data.unsubscribe });
    }
    return { ok: true };
  } catch (error) {
    if (error instanceof GatewayError) return data({ ok: false }, { status: error.status >= 400 ? error.status : 502 });
    throw error;
  }
}
