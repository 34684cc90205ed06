import { useState } from 'react';
import { Form, Link, useActionData } from 'react-router';
import { tryLoad } from '#app/account/account.server.ts';
import { useT } from '#app/i18n.ts';
import type { ShellHandle } from '#app/shell/handle.ts';
import { useHydrated } from '#app/ui/hooks.ts';
import { LoadFailed } from '#app/ui/load-failed.tsx';
import { pageMeta } from '#app/ui/meta.ts';
import { referralAction, referralScreenView, type ReferralActionData } from './referral.server.ts';
import { referralRead } from './referral.read.server.ts';
import type { Route } from './+types/referral';

// Issue 12 §4 (ADR 037): the member's code (their phone), shared through the phone's share sheet
// (Zalo, Messenger, SMS…) or copied; without JavaScript, the code and an sms: link. An invitation
// by SMS through the gateway, and the friends with their states. Plain form, PRG and a toast.

export const handle: ShellHandle = { strings: ['referral'], back: { to: '/home', label: 'nav.home' } };

/** Its one gateway read, the member shell with it (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [referralRead.declare];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'referral.label');

export async function loader(args: Route.LoaderArgs) {
  const screen = await tryLoad(async () => {
    const referralScreen = await referralRead.screen(args);
    return referralScreenView(referralScreen);
  });
  return { screen };
}

export const action = (args: Route.ActionArgs) => referralAction(args);

type Screen = ReturnType<typeof referralScreenView>;

/** With JavaScript: the share sheet where the phone has one, else copy. Without: nothing here (the sms: link stays). */
function ShareButtons({ code, text, title }: { code: string; text: string; title: string }) {
  const { t } = useT();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  const canShare = typeof navigator.share === 'function';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="referral-share">
      {canShare ? (
        <button
          type="button"
          className="button button-primary"
          onClick={() => void navigator.share({ title, text }).catch(() => undefined)}
        >
          {t('referral.share')}
        </button>
      ) : null}
      <button
        type="button"
        className={`button ${canShare ? 'button-secondary' : 'button-primary'}`}
        onClick={() => void copy()}
      >
        {t('referral.copy')}
      </button>
      <p className="small referral-copied" role="status">
        {copied ? t('referral.copied') : ''}
      </p>
    </div>
  );
}

function Friends({ friends }: { friends: Screen['friends'] }) {
  const { t } = useT();
  if (friends.length === 0) return <p className="muted">{t('referral.noFriends')}</p>;
  return (
    <ul className="referral-friends">
      {friends.map((friend) => (
        <li key={friend.phoneNumber} className="referral-friend">
          <div className="referral-friend-main">
            <p className="referral-friend-phone">{friend.phoneNumber}</p>
            {friend.name ? <p className="small muted">{friend.name}</p> : null}
            <p className="small">{t(`referral.detail.${friend.state}`, { date: friend.date })}</p>
          </div>
          <span className={`status-badge referral-state-${friend.state.toLowerCase()}`}>
            {t(`referral.state.${friend.state}`)}
          </span>
        </li>
      ))}
    </ul>
  );
}

export default function ReferralPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const typed = useActionData<ReferralActionData>();
  const { screen } = loaderData;
  if (!screen.ok) {
    return (
      <main className="page">
        <h1>{t('referral.label')}</h1>
        <LoadFailed message={screen.message} retryTo="/home/referral" />
      </main>
    );
  }
  const { code, offer, friends, rewards, blockedBy } = screen.value;
  const days = { bonusDays: String(offer.friendBonusDays), dealDays: String(offer.dealDays) };
  const shareText = t('referral.shareText', { code, ...days });
  return (
    <main className="page">
      <h1>{t('referral.label')}</h1>
      <section className="gift-card" aria-labelledby="referral-offer">
        <h2 id="referral-offer">{t('referral.offerTitle', days)}</h2>
        <p>{t('referral.offerText', days)}</p>
        <p className="small muted">{t('referral.offerRules')}</p>
      </section>

      <section className="referral-code-card" aria-labelledby="referral-code-label">
        <p id="referral-code-label" className="eyebrow">
          {t('referral.codeLabel')}
        </p>
        <p className="referral-code" data-testid="referral-code">
          {code}
        </p>
        <p className="small muted">{t('referral.codeHint')}</p>
        <ShareButtons code={code} text={shareText} title={t('referral.shareTitle')} />
        <p>
          <a className="link" href={`sms:?&body=${encodeURIComponent(shareText)}`}>
            {t('referral.smsLink')}
          </a>
        </p>
      </section>
      {blockedBy ? (
        <div className="notice notice-money">
          <p>{blockedBy === 'membership' ? t('referral.blockedNoMembership') : t('referral.blockedLimit')}</p>
          {blockedBy === 'membership' ? (
            <p>
              <Link to="/membership" className="link">
                {t('referral.seePlans')}
              </Link>
            </p>
          ) : null}
        </div>
      ) : null}

      <section aria-labelledby="referral-invite">
        <h2 id="referral-invite" className="section-title">
          {t('referral.inviteTitle')}
        </h2>
        <Form method="post" className="referral-invite" noValidate>
          <div className="field">
            <label htmlFor="referral-phone">{t('referral.phoneLabel')}</label>
            <input
              id="referral-phone"
              name="phoneNumber"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              className="input"
              defaultValue={typed?.phoneNumber ?? ''}
              key={typed?.phoneNumber ?? ''}
              aria-invalid={typed ? true : undefined}
              aria-describedby={`referral-phone-hint${typed ? ' referral-phone-error' : ''}`}
            />
            <p id="referral-phone-hint" className="hint">
              {t('referral.inviteHint', { days: String(offer.resendDays) })}
            </p>
            {typed ? (
              <p id="referral-phone-error" className="field-error" role="alert">
                {typed.error}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button button-primary button-block">
            {t('referral.send')}
          </button>
        </Form>
      </section>

      <section aria-labelledby="referral-friends">
        <h2 id="referral-friends" className="section-title">
          {t('referral.friendsTitle')}
        </h2>
        {rewards.given > 0 ? (
          <p className="notice notice-ok">
            {t('referral.rewards', { count: String(rewards.given), days: String(rewards.days) })}{' '}
            <Link to="/gift" className="link">
              {t('referral.seeGift')}
            </Link>
          </p>
        ) : null}
        <Friends friends={friends} />
      </section>
    </main>
  );
}
