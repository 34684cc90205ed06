import type { MiddlewareFunction } from 'react-router';
import { setCopyOwner } from './page-copy.server.ts';
import { deviceContext, deviceCookie, sessionContext, sessionStorage } from './session.server.ts';

/** Loads the cookie session for loaders and actions, and writes it back only when it changed. */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const cookies = request.headers.get('Cookie');
  const session = await sessionStorage.getSession(cookies);
  const before = JSON.stringify(session.data);
  context.set(sessionContext, session);
  // A device cookie with a bad signature parses as null: an unknown device.
  const device: unknown = await deviceCookie.parse(cookies);
  context.set(deviceContext, { token: typeof device === 'string' ? device : undefined });
  const response = await next();
  if (JSON.stringify(session.data) !== before) {
    response.headers.append('Set-Cookie', await sessionStorage.commitSession(session));
  }
  // ADR 067: whose copy the service worker may keep of this page (the session as it is after this request).
  setCopyOwner(request, response, session.get('accountId'));
  const { issued } = context.get(deviceContext);
  if (issued) response.headers.append('Set-Cookie', await deviceCookie.serialize(issued));
  return response;
};
