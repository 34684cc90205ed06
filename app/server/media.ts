import { generalEndpoints } from '#api/endpoints/general.ts';
import { gatewayFetch } from './gateway-http.server.ts';
import type { Route } from './+types/media';

/**
 * Stored images (avatars) by their unguessable id. The gateway is not public, so the web server
 * passes them through with the gateway's type and caching, nothing else.
 */
export async function loader({ params }: Route.LoaderArgs) {
  if (!/^[0-9a-f]{32}$/.test(params.id)) throw new Response('Not found', { status: 404 });
  const upstream = await gatewayFetch(generalEndpoints.media, { params: { id: params.id } });
  if (!upstream?.ok) throw new Response('Not found', { status: upstream?.status === 404 ? 404 : 502 });
  const type = upstream.headers.get('content-type') ?? '';
  if (!/^image\/(jpeg|png|webp)$/.test(type)) throw new Response('Not found', { status: 404 });
  return new Response(upstream.body, {
    headers: {
      'content-type': type,
      'cache-control': upstream.headers.get('cache-control') ?? 'private, max-age=3600',
      'content-security-policy': "default-src 'none'",
      'x-content-type-options': 'nosniff',
    },
  });
}
