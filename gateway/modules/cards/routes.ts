import { Hono } from 'hono';
import { membershipEndpoints as endpoints } from '#api/endpoints/membership.ts';
import { route } from '#gateway/http/route.ts';

import { Codes } from '#api/codes.ts';
import { requireAccount } from '#gateway/http/auth.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok } from '#gateway/http/envelope.ts';
import { ApiError } from '#gateway/http/errors.ts';
import { idParam } from '#gateway/http/validate.ts';

const cardNotFound = () => new ApiError(404, Codes.CARD_NOT_FOUND);
import { deleteCard, listCards, setDefaultCard, startAddCard } from './service.ts';

/** §7 saved cards: list, add (VNPAY token flow), default, delete. */
export function cardRoutes() {
  const app = new Hono<AppEnv>();
  const member = requireAccount();

  route(app, endpoints.cards, member, async (c) => ok(c, await listCards(c.get('deps').db, c.get('account').id)));

  route(app, endpoints.addCard, member, async (c) => {
    const result = await startAddCard(c.get('deps'), {
      accountId: c.get('account').id,
      cardType: c.req.valid('json').cardType,
      lang: c.get('lang'),
      clientIp: c.get('clientIp'),
    });
    return ok(c, result);
  });

  route(app, endpoints.defaultCard, member, async (c) => {
    const card = await setDefaultCard(c.get('deps').db, c.get('account').id, idParam(c, 'id', cardNotFound));
    return ok(c, card, Codes.DEFAULT_CARD_SET);
  });

  route(app, endpoints.deleteCard, member, async (c) => {
    const { db, clock } = c.get('deps');
    await deleteCard(db, c.get('account').id, idParam(c, 'id', cardNotFound), clock.now());
    return ok(c, undefined, Codes.CARD_DELETED);
  });
  return app;
}
