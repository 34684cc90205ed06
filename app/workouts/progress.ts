import { data } from 'react-router';
import { workoutProgressBody, workoutProgressSchema } from '#contract/workouts.ts';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import type { Route } from './+types/progress';

/**
 * POST /workout/progress (issue 15, ADR 041): the player's queued events, passed to the gateway with
 * the session's token (the browser never holds it). Answers the member's progress, or the status.
 */
export async function action(args: Route.ActionArgs) {
  if (args.request.method !== 'POST') throw data(null, { status: 405 });
  const body = workoutProgressBody.safeParse(await args.request.json().catch(() => null));
  if (!body.success) return data({ ok: false }, { status: 400 });
  try {
    const { data: progress } = await gatewayClient(args)('/api/v1/member/workout/progress', workoutProgressSchema, { method: 'POST', json: body.data });
    return { ok: true, progress };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return data({ ok: false }, { status: error.status >= 500 ? 503 : 400 });
  }
}
