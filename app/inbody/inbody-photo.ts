import { gatewayFetch } from '#app/server/gateway-http.server.ts';
import { inbodyEndpoints } from '#api/endpoints/inbody.ts';
import { getSession } from '#app/server/session.server.ts';
import type { Route } from './+types/inbody-photo';

/**
 * GET /inbody/photo/{id} (issue 14): the member's own sheet photo, passed through from the gateway
 * with the session's token (the browser never holds it). Another member's id is the gateway's 404.
 * `?download` asks for it as a file. Never cached anywhere but this request: it shows a body.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const token = getSession(context).get('token');
  if (!token) throw new Response('Not found', { status: 404 });
  if (!/^\d{1,9}$/.test(params.id)) throw new Response('Not found', { status: 404 });
  const download = new URL(request.url).searchParams.has('download');
  const upstream = await gatewayFetch(inbodyEndpoints.photo, {
    params: { id: params.id },
    query: download ? { download: '' } : {},
    token,
  });
  if (!upstream?.ok)
    throw new Response('Not found', { status: upstream?.status === 404 || upstream?.status === 401 ? 404 : 502 });
  const type = upstream.headers.get('content-type') ?? '';
  if (!/^image\/(jpeg|png|webp)$/.test(type)) throw new Response('Not found', { status: 404 });
  return new Response(upstream.body, {
    headers: {
      'content-type': type,
      'cache-control': 'private, no-store',
      'content-disposition': upstream.headers.get('content-disposition') ?? 'inline',
      'content-security-policy': "default-src 'none'",
      'x-content-type-options': 'nosniff',
    },
  });
}
