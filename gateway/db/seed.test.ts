import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { accounts, contentPages, memberGifts, notifications } from './schema/index.ts';
import { DEMO_MEMBER_PHONE, seedDatabase } from './seed.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ kind: 'pglite', migrationsDir: 'gateway/db/migrations' });
  await seedDatabase(handle.db);
});
afterAll(() => handle.close());

const demoInbox = async () => {
  const [demo] = await handle.db.select().from(accounts).where(eq(accounts.phoneNumber, DEMO_MEMBER_PHONE));
  return {
    inbox: await handle.db.select().from(notifications).where(eq(notifications.accountId, demo.id)),
    gifts: await handle.db.select().from(memberGifts).where(eq(memberGifts.accountId, demo.id)),
  };
};

test('the demo member has four notifications (one read) with in-app links, and one gift', async () => {
  const { inbox, gifts } = await demoInbox();
  expect(inbox).toHaveLength(4);
  expect(inbox.filter((n) => n.readAt !== null)).toHaveLength(1);
  expect(new Set(inbox.map((n) => n.link))).toEqual(new Set(['/membership', '/account/information', '/support']));
  expect(gifts).toHaveLength(1);
  expect(gifts[0].expiresAt!.getTime()).toBeGreaterThan(Date.now());
});

test('seeding again adds nothing and leaves what the member did alone', async () => {
  await handle.db.update(notifications).set({ readAt: new Date() }).where(isNull(notifications.readAt));
  await seedDatabase(handle.db);
  const { inbox, gifts } = await demoInbox();
  expect(inbox).toHaveLength(4);
  expect(inbox.every((n) => n.readAt !== null)).toBe(true);
  expect(gifts).toHaveLength(1);
  expect(await handle.db.select({ slug: contentPages.slug }).from(contentPages)).toHaveLength(4);
});
