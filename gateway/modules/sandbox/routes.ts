import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { appSettings, smsOutbox } from '#gateway/db/schema.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok } from '#gateway/http/envelope.ts';
import { validate } from '#gateway/http/validate.ts';
import { phoneNumberSchema } from '#contract/validation.ts';
import { APP_VERSION_SETTING } from '#gateway/modules/general/routes.ts';

const versionText = z.string().trim().min(1).max(40);

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
  // Stands in for staff changing the app-version setting (the web's update prompt follows it).
  app.put('/app-version', validate('json', z.object({ valueVi: versionText, valueEn: versionText })), async (c) => {
    const { valueVi, valueEn } = c.req.valid('json');
    await c
      .get('deps')
      .db.insert(appSettings)
      .values({ key: APP_VERSION_SETTING, valueVi, valueEn })
      .onConflictDoUpdate({ target: appSettings.key, set: { valueVi, valueEn, updatedAt: new Date() } });
    return ok(c, { settingValueVi: valueVi, settingValueEn: valueEn });
  });
  return app;
}
