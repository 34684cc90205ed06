import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { accounts, noticeOutbox, rateCounters, smsOutbox, trustedDevices } from '#gateway/db/schema/index.ts';
import { purgeOldRows, RETENTION_RULES } from '#gateway/retention.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { timeLimit } from '#tests/support/time-limit.ts';

// Issue 41 §6 (ADR 070): rows that only grow are purged once past their period, and nothing younger
// (nor a notice still to deliver, however old) is touched.

const DAY = 24 * 3_600_000;
let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
}, timeLimit(60_000));
afterAll(() => gw?.close());

const keep = (table: string) => RETENTION_RULES.find((r) => r.table === table)!.keepDays * DAY;

test('delivered notices, unused trusted devices, old rate windows and sandbox SMS past their period are deleted; the rest stays', async () => {
  const member = await gw.signUp();
  const [{ id: accountId }] = await gw.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.phoneNumber, member.phone));
  const now = new Date('2026-11-28T03:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const notices = await gw.db
    .insert(noticeOutbox)
    .values([
      {
        accountId,
        notificationId: 'retention-old-delivered',
        content: { title: { vi: 'a', en: 'a' }, body: { vi: 'a', en: 'a' } } as never,
        nextAttemptAt: ago(keep('notice_outbox') + DAY),
        status: 'delivered',
        deliveredAt: ago(keep('notice_outbox') + DAY),
      },
      {
        accountId,
        notificationId: 'retention-new-delivered',
        content: { title: { vi: 'b', en: 'b' }, body: { vi: 'b', en: 'b' } } as never,
        nextAttemptAt: ago(DAY),
        status: 'delivered',
        deliveredAt: ago(DAY),
      },
      {
        accountId,
        notificationId: 'retention-old-pending',
        content: { title: { vi: 'c', en: 'c' }, body: { vi: 'c', en: 'c' } } as never,
        nextAttemptAt: ago(keep('notice_outbox') + DAY),
        status: 'pending',
      },
    ])
    .returning({ id: noticeOutbox.id, notificationId: noticeOutbox.notificationId });
  const devices = await gw.db
    .insert(trustedDevices)
    .values([
      { accountId, tokenHash: 'retention-old-device', lastUsedAt: ago(keep('trusted_devices') + DAY) },
      { accountId, tokenHash: 'retention-used-device', lastUsedAt: ago(keep('trusted_devices') - DAY) },
    ])
    .returning({ id: trustedDevices.id, tokenHash: trustedDevices.tokenHash });
  await gw.db.insert(rateCounters).values([
    { key: 'retention:old', windowStart: ago(3 * DAY), count: 1 },
    { key: 'retention:now', windowStart: ago(3_600_000), count: 1 },
  ]);
  await gw.db.insert(smsOutbox).values([
    { phoneNumber: '0100999001', text: 'old', requestId: 'retention-old', createdAt: ago(8 * DAY) },
    { phoneNumber: '0100999001', text: 'new', requestId: 'retention-new', createdAt: ago(DAY) },
  ]);

  const deleted = await purgeOldRows(gw.db, now);
  expect(deleted).toMatchObject({ notice_outbox: 1, trusted_devices: 1, sms_outbox: 1 });

  const leftNotices = await gw.db
    .select({ n: noticeOutbox.notificationId })
    .from(noticeOutbox)
    .where(
      inArray(
        noticeOutbox.id,
        notices.map((r) => r.id),
      ),
    );
  expect(leftNotices.map((r) => r.n).sort()).toEqual(['retention-new-delivered', 'retention-old-pending']);
  const leftDevices = await gw.db
    .select({ h: trustedDevices.tokenHash })
    .from(trustedDevices)
    .where(
      inArray(
        trustedDevices.id,
        devices.map((r) => r.id),
      ),
    );
  expect(leftDevices.map((r) => r.h)).toEqual(['retention-used-device']);
  const leftCounters = await gw.db
    .select({ key: rateCounters.key })
    .from(rateCounters)
    .where(inArray(rateCounters.key, ['retention:old', 'retention:now']));
  expect(leftCounters.map((r) => r.key)).toEqual(['retention:now']);
  const leftSms = await gw.db
    .select({ r: smsOutbox.requestId })
    .from(smsOutbox)
    .where(inArray(smsOutbox.requestId, ['retention-old', 'retention-new']));
  expect(leftSms.map((r) => r.r)).toEqual(['retention-new']);
  // A second run finds nothing more.
  expect(await purgeOldRows(gw.db, now)).toEqual({});
});
