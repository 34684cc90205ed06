import { gatewayFetch } from '#app/server/gateway-http.server.ts';
import { workoutEndpoints } from '#api/endpoints/workouts.ts';
import type { Route } from './+types/workout-drawing';

/**
 * An exercise drawing (issue 15, ADR 041), passed through from the gateway: its URL carries a hash of
 * its content, so it is cached for good (the service worker keeps those of lessons opened). An SVG
 * may carry script: it is only ever an <img> here, and the CSP forbids it everything anyway.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  if (!/^[0-9a-f]{8}$/.test(params.hash) || !/^[a-z0-9]+(?:-[a-z0-9]+)*\.svg$/.test(params.file))
    throw new Response('Not found', { status: 404 });
  const ifNoneMatch = request.headers.get('if-none-match');
  const upstream = await gatewayFetch(workoutEndpoints.drawing, {
    params: { hash: params.hash, file: params.file },
    headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {},
  });
  if (!upstream || (upstream.status !== 200 && upstream.status !== 304))
    throw new Response('Not found', { status: upstream?.status === 404 ? 404 : 502 });
  const headers = {
    'cache-control': 'public, max-age=31536000, immutable',
    etag: upstream.headers.get('etag') ?? '',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    'x-content-type-options': 'nosniff',
  };
  if (upstream.status === 304) return new Response(null, { status: 304, headers });
  return new Response(upstream.body, { headers: { ...headers, 'content-type': 'image/svg+xml; charset=utf-8' } });
}
