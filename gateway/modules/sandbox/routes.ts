import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { smsOutbox } from '#gateway/db/schema.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok } from '#gateway/http/envelope.ts';
import { validate } from '#gateway/http/validate.ts';
import { phoneNumberSchema } from '#contract/validation.ts';

/** The sandbox providers' windows; mounted only while SANDBOX is on (ARCHITECTURE §6). */
export function sandboxRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/sms', validate('query', z.object({ phone: phoneNumberSchema })), async (c) => {
    const rows = await c
      .get('deps')
      .db.select({ phone: smsOutbox.phoneNumber, text: smsOutbox.text, createdAt: smsOutbox.createdAt })
      .from(smsOutbox)
      .where(eq(smsOutbox.phoneNumber, c.req.valid('query').phone))
      .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
      .limit(50);
    return ok(c, rows);
  });
  return app;
}
