import { data } from 'react-router';
import { workoutEndpoints } from '#api/endpoints/workouts.ts';
import { workoutProgressBody } from '#api/workouts.ts';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { onServerClock } from '#app/workouts/progress-clock.ts';
import type { Route } from './+types/progress';

/**
 * POST /workout/progress (issue 15, ADR 041): the player's queued events, passed to the gateway with
 * the session's token (the browser never holds it), moved onto this server's clock (onServerClock).
 * Answers the member's progress, or the status.
 */
export async function action(args: Route.ActionArgs) {
  if (args.request.method !== 'POST') throw data(null, { status: 405 });
  const sent: unknown = await args.request.json().catch(() => null);
  const body = workoutProgressBody.safeParse(sent);
  if (!body.success) return data({ ok: false }, { status: 400 });
  const sentAt = typeof sent === 'object' && sent !== null && 'sentAt' in sent ? sent.sentAt : undefined;
  const events = onServerClock(body.data.events, sentAt, new Date());
  try {
    const { data: progress } = await gatewayClient(args)(workoutEndpoints.recordProgress, { json: { events } });
    return { ok: true, progress };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return data({ ok: false }, { status: error.status >= 500 ? 503 : 400 });
  }
}
