import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { Codes } from '#api/codes.ts';
import { EXPERIENCE_DAYS, sandboxGiftBody } from '#api/gift.ts';
import { notificationKindSchema } from '#api/notifications.ts';
import { phoneNumberSchema } from '#api/validation.ts';
import {
  accounts,
  appSettings,
  classSchedules,
  classSessions,
  classTypes,
  memberGifts,
  pushDeliveries,
  smsOutbox,
} from '#gateway/db/schema/index.ts';
import { isUniqueViolation } from '#gateway/db/errors.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok } from '#gateway/http/envelope.ts';
import { ApiError } from '#gateway/http/errors.ts';
import { idParam, validate } from '#gateway/http/validate.ts';
import { toMemberGift } from '#gateway/modules/accounts/gift.ts';
import { findAccountByPhone } from '#gateway/modules/accounts/queries.ts';
import { notifyMember } from '#gateway/modules/notifications/service.ts';
import { sandboxBankRoutes } from './bank.ts';
import { sandboxVnpayRoutes } from './vnpay.ts';

const phoneQuery = z.object({ phone: phoneNumberSchema });
const text = (max: number) => z.string({ error: 'required' }).trim().min(1, 'required').max(max, 'invalid');
// An in-app path ("/membership"), never another site ("//evil.example", "https://…").
const inAppLink = z.string().regex(/^\/(?!\/)[^\s\\]{0,299}$/, 'invalid');

const notificationBody = z.object({
  phoneNumber: phoneNumberSchema,
  kind: notificationKindSchema.default('GENERAL'),
  titleVi: text(200),
  titleEn: text(200),
  bodyVi: text(2000),
  bodyEn: text(2000),
  link: inAppLink.nullable().default(null),
});

const giftBody = sandboxGiftBody.extend({ phoneNumber: phoneNumberSchema });
import { APP_VERSION_SETTING } from '#gateway/modules/general/routes.ts';

const versionText = z.string().trim().min(1).max(40);

const classSessionBody = z.object({
  clubId: z.number().int().positive().max(2_147_483_647),
  startsInMinutes: z.number().int().min(-1440).max(20_160),
  capacity: z.number().int().min(1).max(200),
  classTypeSlug: z
    .string()
    .regex(/^[a-z-]{1,40}$/)
    .default('yoga'),
});

/** The sandbox providers' windows; mounted only while SANDBOX is on (ARCHITECTURE §6). */
export function sandboxRoutes() {
  const app = new Hono<AppEnv>();

  const member = async (db: AppEnv['Variables']['deps']['db'], phone: string) => {
    const account = await findAccountByPhone(db, phone);
    if (!account) throw new ApiError(404, Codes.PHONE_NOT_FOUND);
    return account;
  };

  app.get('/sms', validate('query', phoneQuery), async (c) => {
    const rows = await c
      .get('deps')
      .db.select({ phone: smsOutbox.phoneNumber, text: smsOutbox.text, createdAt: smsOutbox.createdAt })
      .from(smsOutbox)
      .where(eq(smsOutbox.phoneNumber, c.req.valid('query').phone))
      .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
      .limit(50);
    return ok(c, rows);
  });

  // What the sandbox push provider "sent" to the member's browsers, newest first.
  app.get('/push', validate('query', phoneQuery), async (c) => {
    const rows = await c
      .get('deps')
      .db.select({
        endpoint: pushDeliveries.endpoint,
        payload: pushDeliveries.payload,
        createdAt: pushDeliveries.createdAt,
      })
      .from(pushDeliveries)
      .innerJoin(accounts, eq(accounts.id, pushDeliveries.accountId))
      .where(eq(accounts.phoneNumber, c.req.valid('query').phone))
      .orderBy(desc(pushDeliveries.createdAt), desc(pushDeliveries.id))
      .limit(50);
    return ok(
      c,
      rows.map((row) => ({ ...row, payload: JSON.parse(row.payload) as unknown })),
    );
  });

  // Sends a member a notification the way a gateway module would (demos and e2e tests).
  app.post('/notifications', validate('json', notificationBody), async (c) => {
    const { phoneNumber, ...input } = c.req.valid('json');
    const deps = c.get('deps');
    const account = await member(deps.db, phoneNumber);
    return ok(c, await notifyMember(deps, account.id, input));
  });

  // Gives a member a gift as staff or the referral programme will (demos and e2e tests): PLAN_DAYS
  // (14 days unless told) or EXPERIENCE (§9: 1 day). An experience pass is once per account (409 GIFT_EXPERIENCE_TAKEN).
  app.put('/gift', validate('json', giftBody), async (c) => {
    const { phoneNumber, expiresAt, kind, days, ...gift } = c.req.valid('json');
    const { db, clock } = c.get('deps');
    const account = await member(db, phoneNumber);
    const values = {
      accountId: account.id,
      ...gift,
      kind,
      days: kind === 'EXPERIENCE' ? EXPERIENCE_DAYS : (days ?? 14),
      expiresAt: expiresAt ? new Date(expiresAt) : null,
      createdAt: clock.now(),
    };
    try {
      const [row] = await db.insert(memberGifts).values(values).returning();
      return ok(c, toMemberGift(row));
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError(409, Codes.GIFT_EXPERIENCE_TAKEN);
      throw error;
    }
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

  // Stands in for staff adding a one-off class (the staff side is issue 17): a session of the
  // club's first schedule's instructor and room, starting this many minutes from now.
  app.post('/class-session', validate('json', classSessionBody), async (c) => {
    const { clubId, startsInMinutes, capacity, classTypeSlug } = c.req.valid('json');
    const { db, clock } = c.get('deps');
    const [schedule] = await db.select().from(classSchedules).where(eq(classSchedules.clubId, clubId)).limit(1);
    const [type] = await db.select().from(classTypes).where(eq(classTypes.slug, classTypeSlug));
    if (!schedule || !type) throw new ApiError(404, Codes.NOT_FOUND);
    const startsAt = new Date(clock.now().getTime() + startsInMinutes * 60_000);
    const [session] = await db
      .insert(classSessions)
      .values({
        clubId,
        classTypeId: type.id,
        instructorAccountId: schedule.instructorAccountId,
        roomId: schedule.roomId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + type.durationMinutes * 60_000),
        capacity,
      })
      .returning({ id: classSessions.id, startsAt: classSessions.startsAt });
    return ok(c, { id: session.id, startsAt: session.startsAt.toISOString() });
  });

  // Time passing for a journey: a class booked ahead (booking closes 30 min before) starts now-ish,
  // so the desk can mark who came. Its length and bookings stay.
  app.post('/class-session/:id/move', validate('json', classSessionBody.pick({ startsInMinutes: true })), async (c) => {
    const { startsInMinutes } = c.req.valid('json');
    const { db, clock } = c.get('deps');
    const id = idParam(c, 'id');
    const [session] = await db.select().from(classSessions).where(eq(classSessions.id, id));
    if (!session) throw new ApiError(404, Codes.NOT_FOUND);
    const startsAt = new Date(clock.now().getTime() + startsInMinutes * 60_000);
    const endsAt = new Date(startsAt.getTime() + (session.endsAt.getTime() - session.startsAt.getTime()));
    await db.update(classSessions).set({ startsAt, endsAt }).where(eq(classSessions.id, id));
    return ok(c, { id, startsAt: startsAt.toISOString() });
  });

  // The sandbox bank: open QR payments and "simulate transfer" (a signed Casso webhook to ourselves).
  app.route('/bank', sandboxBankRoutes());
  // VNPAY's pay and saved-card pages (G2).
  app.route('/vnpay', sandboxVnpayRoutes());
  return app;
}
