import { pick } from '#app/account/account.server.ts';
import { useEffect, useRef, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { formatDate, formatTime } from '#api/format.ts';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { gatewayClient } from '#app/server/gateway.server.ts';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { getLang } from '#app/server/i18n.server.ts';
import { contractView } from '#app/payments/payment.server.ts';
import { getSession } from '#app/server/session.server.ts';
import { CHECK_IN_STEP_SECONDS } from '#api/check-in-code.ts';
import type { CheckInDeviceKey } from '#api/check-in.ts';
import { checkInCode } from './check-in.server.ts';
import { usePoll } from '#app/ui/poll.ts';
import { readPass, writePass } from '#app/shell/check-in-store.ts';
import { shellOnly } from '#app/server/member-read.server.ts';
import type { Route } from './+types/check-in';
import type { ShellHandle } from '#app/shell/handle.ts';
import { membershipEndpoints } from '#api/endpoints/membership.ts';
import { authEndpoints } from '#api/endpoints/auth.ts';

// Issue 11 (ADR 032): the member's check-in code, a QR that changes every 30 s. The server draws the
// current one (it works without JavaScript: the page refreshes itself); with JavaScript the page asks
// for the next one when it is due, hears of the door's scan within 2 s, and keeps this device's key in
// IndexedDB so the service worker can draw codes with no network (app/shell/sw.ts).

export const handle: ShellHandle = { strings: ['home'], back: { to: '/home', label: 'nav.home' } };

/** No screen read: the layout reads the member shell alone, the page its own data (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [shellOnly];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'checkIn.title');

// The page can carry this device's check-in key (once) and always a live code: never kept by a cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export async function loader(args: Route.LoaderArgs) {
  const call = gatewayClient(args);
  const lang = getLang(args.context);
  const [profile, home, clubs] = await Promise.all([
    call(authEndpoints.profile),
    call(membershipEndpoints.homePage),
    call(membershipEndpoints.accessClubs),
  ]);
  const current = home.data.current;
  const frozen = home.data.frozenUntil !== null || current?.isFrozen === true;
  const pass = current && !frozen ? contractView(current, lang) : null;
  const code = pass ? await checkInCode(call, getSession(args.context), args.request.headers.get('user-agent')) : null;
  return {
    memberId: profile.data.id,
    name: profile.data.fullName.trim(),
    phone: profile.data.phoneNumber,
    memberNo: String(profile.data.id).padStart(6, '0'),
    avatarUrl: profile.data.avatarUrl,
    pass,
    frozenUntil: frozen ? formatDate(home.data.frozenUntil ?? current?.endDate ?? '') : null,
    clubs: clubs.data.map((c) => pick(lang, c.nameVi, c.nameEn)),
    code,
    now: new Date().toISOString(),
  };
}

const VISIT_POLL_MS = 2000;
const RECENT_VISIT_MS = 2 * 60_000;

type Visit = { visitId: number; checkedInAt: string; club: { nameVi: string; nameEn: string } };

/** Keeps the screen on while the code shows, where the browser allows it (Wake Lock API). */
function useWakeLock() {
  useEffect(() => {
    let lock: { release(): Promise<void> } | null = null;
    const wakeLock = (
      navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<{ release(): Promise<void> }> } }
    ).wakeLock;
    const acquire = () => {
      if (!wakeLock || document.visibilityState !== 'visible') return;
      wakeLock.request('screen').then(
        (l) => (lock = l),
        () => undefined,
      );
    };
    acquire();
    document.addEventListener('visibilitychange', acquire);
    return () => {
      document.removeEventListener('visibilitychange', acquire);
      void lock?.release().catch(() => undefined);
    };
  }, []);
}

/** Seconds until `until`, ticking; at 0 the page asks for the next code (or, offline, lets the worker draw it). */
function useNextCode(validUntil: string, renderedAt: string) {
  const revalidator = useRevalidator();
  // From the server's clock first, so the hydrated text matches the HTML; the phone's clock after.
  const [left, setLeft] = useState(() =>
    Math.max(0, Math.ceil((Date.parse(validUntil) - Date.parse(renderedAt)) / 1000)),
  );
  useEffect(() => {
    let askedAt = 0;
    const tick = () => {
      const seconds = Math.max(0, Math.ceil((Date.parse(validUntil) - Date.now()) / 1000));
      setLeft(seconds);
      // Once per code, again after 5 s if it has not come: asking every second would cancel the
      // request in flight on a slow link.
      if (seconds > 0 || Date.now() - askedAt < 5_000) return;
      askedAt = Date.now();
      if (navigator.onLine) void revalidator.revalidate();
      else window.location.reload(); // the service worker answers with the offline check-in page
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one timer per code
  }, [validUntil]);
  return left;
}

/** The newest visit since the page opened, asked every 2 s while the page is visible. */
function useVisitSince(since: string) {
  const [visit, setVisit] = useState<Visit | null>(null);
  usePoll<{ visit: Visit | null }>(
    `/home/check-in/visits?since=${encodeURIComponent(since)}`,
    VISIT_POLL_MS,
    (body) => {
      if (!body.visit) return false;
      setVisit(body.visit);
      return true;
    },
    { onlyWhenVisible: true },
  );
  return visit;
}

/** This device's key and the pass as the offline page shows it, kept in IndexedDB. */
function useStoredPass(
  data: Route.ComponentProps['loaderData'],
  lang: 'vi' | 'en',
  validUntilText: string,
  memberLine: string,
) {
  const revalidator = useRevalidator();
  const asked = useRef(false);
  const { code, memberId, name, phone, pass, clubs } = data;
  useEffect(() => {
    if (!code || !pass) return;
    const display = {
      lang,
      name: name || phone,
      memberLine,
      planName: pass.planName,
      validUntilText,
      clubsText: pass.allClubs ? '' : clubs.join(' · '),
      savedAt: new Date().toISOString(),
    };
    const save = (key: CheckInDeviceKey) =>
      writePass({
        memberId: key.memberId,
        deviceId: key.deviceId,
        key: key.key,
        stepSeconds: key.stepSeconds,
        ...display,
      });
    void (async () => {
      if (code.newKey && code.newKey.deviceId === code.deviceId) return save(code.newKey);
      const stored = await readPass().catch(() => undefined);
      if (stored && stored.deviceId === code.deviceId && stored.memberId === memberId)
        return writePass({ ...stored, ...display });
      // No key for this device here (site data cleared, another member before): a new device, once
      // per page; the page then shows the new device's code.
      if (asked.current) return;
      asked.current = true;
      const response = await fetch('/home/check-in/key', { method: 'POST', headers: { accept: 'application/json' } });
      if (!response.ok) return;
      const { newKey } = (await response.json()) as { newKey: CheckInDeviceKey | null };
      if (!newKey) return;
      await save(newKey);
      await revalidator.revalidate();
    })().catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- saved again when the device or the display changes
  }, [code?.deviceId, lang, name, memberLine, pass?.planName, validUntilText]);
}

export default function CheckIn({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useT();
  const { pass, name, phone, memberNo, clubs, code, frozenUntil } = loaderData;
  if (!pass || !code) {
    return (
      <main className="page">
        <h1>{t('checkIn.title')}</h1>
        {frozenUntil ? (
          <EmptyState
            icon="membership"
            title={t('checkIn.frozenTitle')}
            text={t('checkIn.frozenText', { date: frozenUntil })}
          >
            <Link to="/home/your-plan" className="button button-primary">
              {t('checkIn.unfreeze')}
            </Link>
          </EmptyState>
        ) : (
          <EmptyState icon="membership" title={t('checkIn.noneTitle')} text={t('checkIn.noneText')}>
            <Link to="/home/your-plan" className="button button-secondary">
              {t('homeCard.yourPlan')}
            </Link>
            <Link to="/membership" className="button button-primary">
              {t('homeCard.joinNow')}
            </Link>
          </EmptyState>
        )}
      </main>
    );
  }
  const validUntilText = t('homeCard.validUntil', { date: pass.endDate });
  const memberLine = `${t('checkIn.memberNo', { no: memberNo })}${name ? ` · ${phone}` : ''}`;
  return (
    <main className="page check-in-page">
      <h1>{t('checkIn.title')}</h1>
      <p className="lead">{t('checkIn.lead')}</p>
      <CheckInCode data={loaderData} lang={lang} validUntilText={validUntilText} memberLine={memberLine} />
      <section className="member-pass" aria-labelledby="pass-name">
        <p className="pass-kicker">{t('checkIn.kicker')}</p>
        <h2 id="pass-name" className="pass-name">
          {name || phone}
        </h2>
        <p className="pass-line">{memberLine}</p>
        <p className="pass-plan">{pass.planName}</p>
        <p className="pass-line">{validUntilText}</p>
        <p className="pass-line">{pass.allClubs ? t('homeCard.allClubs') : clubs.join(' · ')}</p>
      </section>
    </main>
  );
}

const RING = 2 * Math.PI * 20;

function CheckInCode({
  data,
  lang,
  validUntilText,
  memberLine,
}: {
  data: Route.ComponentProps['loaderData'];
  lang: 'vi' | 'en';
  validUntilText: string;
  memberLine: string;
}) {
  const { t } = useT();
  const code = data.code!;
  const left = useNextCode(code.validUntil, data.now);
  // From when the page first opened (a new code's revalidation must not move it past a scan made
  // just before), and a little earlier: a member who reopens the page right after the door sees it.
  const [openedAt] = useState(() => new Date(Date.parse(data.now) - RECENT_VISIT_MS).toISOString());
  const visit = useVisitSince(openedAt);
  useWakeLock();
  useStoredPass(data, lang, validUntilText, memberLine);
  return (
    <section className="check-in-code" aria-label={t('checkIn.qrLabel')}>
      <noscript>
        <meta
          httpEquiv="refresh"
          content={String(Math.max(1, Math.ceil((Date.parse(code.validUntil) - Date.parse(data.now)) / 1000)))}
        />
      </noscript>
      <div
        className="check-in-qr"
        role="img"
        aria-label={t('checkIn.qrLabel')}
        data-code={code.code}
        dangerouslySetInnerHTML={{ __html: code.qr }}
      />
      <p className="check-in-next" aria-live="off">
        <svg width="24" height="24" viewBox="0 0 48 48" aria-hidden="true" className="js-only">
          <circle cx="24" cy="24" r="20" fill="none" stroke="var(--line)" strokeWidth="5" />
          <circle
            cx="24"
            cy="24"
            r="20"
            fill="none"
            stroke="var(--accent)"
            strokeWidth="5"
            strokeDasharray={RING}
            strokeDashoffset={RING * (1 - Math.min(left, CHECK_IN_STEP_SECONDS) / CHECK_IN_STEP_SECONDS)}
            transform="rotate(-90 24 24)"
          />
        </svg>
        <span className="js-only">{t('checkIn.nextCode', { seconds: String(left) })}</span>
        <noscript>{t('checkIn.noJs')}</noscript>
      </p>
      {visit ? (
        <p className="check-in-done" role="status">
          {t('checkIn.checkedIn', {
            club: lang === 'en' ? visit.club.nameEn : visit.club.nameVi,
            time: formatTime(visit.checkedInAt),
          })}
        </p>
      ) : (
        <p className="small muted js-only">{t('checkIn.offlineReady')}</p>
      )}
    </section>
  );
}
