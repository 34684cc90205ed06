import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { GatewayConfig } from '#gateway/config.ts';
import type { Database } from '#gateway/db/client.ts';
import { appSettings } from '#gateway/db/schema/index.ts';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

export const SANDBOX_VAPID_SETTING = 'sandbox_vapid_keys';
export const SANDBOX_VAPID_SUBJECT = 'mailto:hotro@vietfit.example';

/**
 * The configured VAPID keys, or (only with SANDBOX=true, which config.ts enforces) a pair made
 * once and kept in app_settings, so browsers' subscriptions survive a restart.
 */
export async function resolveVapidKeys(config: GatewayConfig, db: Database): Promise<VapidKeys> {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return {
      publicKey: config.VAPID_PUBLIC_KEY,
      privateKey: config.VAPID_PRIVATE_KEY,
      subject: config.VAPID_SUBJECT ?? SANDBOX_VAPID_SUBJECT,
    };
  }
  const read = async () => {
    const [row] = await db.select().from(appSettings).where(eq(appSettings.key, SANDBOX_VAPID_SETTING));
    return row ? (JSON.parse(row.valueEn) as { publicKey: string; privateKey: string }) : undefined;
  };
  let keys = await read();
  if (!keys) {
    const made = webpush.generateVAPIDKeys();
    const value = JSON.stringify({ publicKey: made.publicKey, privateKey: made.privateKey });
    // Two processes starting together: the first insert wins and both read it back.
    await db
      .insert(appSettings)
      .values({ key: SANDBOX_VAPID_SETTING, valueVi: value, valueEn: value })
      .onConflictDoNothing();
    keys = (await read())!;
  }
  return { ...keys, subject: config.VAPID_SUBJECT ?? SANDBOX_VAPID_SUBJECT };
}
