import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { authEndpoints as endpoints } from '#api/endpoints/auth.ts';
import { route } from '#gateway/http/route.ts';
import { Codes } from '#api/codes.ts';
import { validationMessage } from '#api/validation.ts';
import { accounts } from '#gateway/db/schema/index.ts';
import { requireAccount } from '#gateway/http/auth.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok } from '#gateway/http/envelope.ts';
import { ApiError } from '#gateway/http/errors.ts';
import { imageUploadLimit, reencodeUpload } from '#gateway/modules/media/upload.ts';
import { deleteMedia, storeImage } from '#gateway/modules/media/queries.ts';
import { findAccountById, findMemberShell, toProfile } from '#gateway/modules/accounts/queries.ts';
import { hasPaidContract } from '#gateway/modules/plans/queries.ts';
import { referralDealEnds, withinReferralDeal } from '#gateway/modules/referrals/deal.ts';
import { isIdentityVerified } from '#gateway/modules/identity/service.ts';

const AVATAR_SIDE = 512;

/** The member's own account: profile, avatar and settings (§7 Auth group). */
export function memberRoutes() {
  const app = new Hono<AppEnv>();
  const member = requireAccount();

  route(app, endpoints.profile, member, async (c) => {
    const { db, clock } = c.get('deps');
    const id = c.get('account').id;
    // Both primary-key reads at once: the verification adds no round trip to the profile's.
    const [account, identityVerified] = await Promise.all([findAccountById(db, id), isIdentityVerified(db, id)]);
    if (!account) throw new ApiError(401, Codes.SESSION_EXPIRED);
    // The sign-up's referral code, until a paid membership has used (or passed) it or its 14 days are over (ADR 037).
    const paid = await hasPaidContract(db, account.id);
    const within = withinReferralDeal(account.createdAt, clock.now());
    const referralCode = account.referredByCode && within && !paid ? account.referredByCode : null;
    const referralDeal = {
      open: within && !paid,
      endsAt: referralDealEnds(account.createdAt).toISOString(),
      closedBy: paid ? ('paid' as const) : within ? null : ('expired' as const),
      signUpCode: account.referredByCode,
    };
    return ok(c, { ...toProfile(account), referralCode, referralDeal, identityVerified });
  });

  // Issue 18: the frame of every signed-in page in one call (three reads, one token check).
  route(app, endpoints.shell, member, async (c) => {
    const { db, clock } = c.get('deps');
    const id = c.get('account').id;
    const shell = await findMemberShell(db, id, clock.now());
    if (!shell) throw new ApiError(401, Codes.SESSION_EXPIRED);
    return ok(c, shell);
  });

  route(app, endpoints.updateProfile, member, async (c) => {
    const { db, clock } = c.get('deps');
    const body = c.req.valid('json');
    const [account] = await db
      .update(accounts)
      .set({ fullName: body.fullName, email: body.email ?? null, updatedAt: clock.now() })
      .where(eq(accounts.id, c.get('account').id))
      .returning();
    return ok(c, toProfile(account));
  });

  route(app, endpoints.avatar, member, imageUploadLimit(), async (c) => {
    const form = await c.req.parseBody().catch(() => {
      throw new ApiError(415, Codes.NOT_AN_IMAGE);
    });
    const file = form.image;
    if (!(file instanceof File)) {
      throw new ApiError(400, Codes.VALIDATION, {
        fieldErrors: { image: [validationMessage('required', c.get('lang'))] },
      });
    }
    const image = await reencodeUpload(file, AVATAR_SIDE);
    const { db, clock } = c.get('deps');
    const accountId = c.get('account').id;
    const account = await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ avatarMediaId: accounts.avatarMediaId })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      const mediaId = await storeImage(tx, accountId, 'avatar', image);
      const [updated] = await tx
        .update(accounts)
        .set({ avatarMediaId: mediaId, updatedAt: clock.now() })
        .where(eq(accounts.id, accountId))
        .returning();
      if (before?.avatarMediaId) await deleteMedia(tx, before.avatarMediaId);
      return updated;
    });
    return ok(c, toProfile(account));
  });

  route(app, endpoints.settings, member, async (c) => {
    const account = await findAccountById(c.get('deps').db, c.get('account').id);
    return ok(c, { lang: account?.lang ?? 'vi' });
  });

  route(app, endpoints.updateSettings, member, async (c) => {
    const { db, clock } = c.get('deps');
    const { lang } = c.req.valid('json');
    await db
      .update(accounts)
      .set({ lang, updatedAt: clock.now() })
      .where(eq(accounts.id, c.get('account').id));
    return ok(c, { lang });
  });

  return app;
}
