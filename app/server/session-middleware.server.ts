import type { MiddlewareFunction } from 'react-router';
import { sessionContext, sessionStorage } from './session.server.ts';

/** Loads the cookie session for loaders and actions, and writes it back only when it changed. */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session = await sessionStorage.getSession(request.headers.get('Cookie'));
  const before = JSON.stringify(session.data);
  context.set(sessionContext, session);
  const response = await next();
  if (JSON.stringify(session.data) !== before) {
    response.headers.append('Set-Cookie', await sessionStorage.commitSession(session));
  }
  return response;
};
