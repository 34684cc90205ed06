import { parseWithZod } from '@conform-to/zod/v4';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useFetcher, useLocation, useNavigation } from 'react-router';
import type { CheckInResult } from '#api/check-in.ts';
import { messageForCode, type Code } from '#api/codes.ts';
import { formatDate } from '#api/format.ts';
import type { StaffMember } from '#api/staff.ts';
import { useT } from '#app/i18n.ts';
import type { StringsHandle } from '#app/locales/messages.ts';
import { errorText, readForm } from '#app/server/form.server.ts';
import { GatewayError } from '#app/server/gateway.server.ts';
import { getLang } from '#app/server/i18n.server.ts';
import { Avatar } from '#app/ui/avatar.tsx';
import { pageMeta } from '#app/ui/meta.ts';
import type { Route } from './+types/scanner';
import { doorForm, memberLookup } from './scanner.server.ts';
import { deskClubs } from './clubs.server.ts';
import { requireDeskRole, staffGateway } from './staff-session.server.ts';
import { PhoneSearch } from './phone-search.tsx';
import { ClubPicker } from './staff-ui.tsx';
import { checkInEndpoints } from '#api/endpoints/check-in.ts';
import { CHECK_IN_SKEW_STEPS, CHECK_IN_STEP_SECONDS } from '#api/check-in-code.ts';

export const handle: StringsHandle = { strings: ['staffScanner'] };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'staffScanner.title');

// The camera and the JavaScript QR decoder load only when the camera is turned on or a photo is chosen.
const Camera = lazy(() => import('./door-camera.tsx'));
/** The longest a code on a member's phone is accepted: its own step and the one after (issue 11). */
const CODE_LIFE_MS = (1 + CHECK_IN_SKEW_STEPS) * CHECK_IN_STEP_SECONDS * 1000;

/**
 * Issue 17 §2: the clubs whose door this can be (a GM chooses; the desk staff have theirs), and a
 * member looked up by phone when they came without it (?phone=).
 */
export async function loader(args: Route.LoaderArgs) {
  const staff = requireDeskRole(args.context);
  const lang = getLang(args.context);
  const call = staffGateway(args);
  const params = new URL(args.request.url).searchParams;
  const { clubs, club } = await deskClubs(call, staff.clubId, params.get('club'));
  const typed = params.get('phone') ?? '';
  let lookup: { phoneNumber: string; found: StaffMember | null; refusal: string | null } | null = null;
  let phoneError: string | null = null;
  if (typed && club) {
    const phone = memberLookup.safeParse({ phone: typed });
    if (!phone.success) phoneError = errorText(phone.error.issues[0]?.message ?? 'phoneInvalid', lang);
    else {
      try {
        const { data } = await call(checkInEndpoints.memberAtDesk, {
          query: { phoneNumber: phone.data.phone, clubId: String(club.id) },
        });
        lookup = {
          phoneNumber: phone.data.phone,
          found: data,
          refusal: data.refusal ? messageForCode(data.refusal as Code, lang) : null,
        };
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        phoneError = error.text;
      }
    }
  }
  return { clubs, clubId: club?.id ?? null, typed, phoneError, lookup };
}

type DoorAnswer = { ok: true; result: CheckInResult } | { ok: false; reason: string };

/** One entry: a scanned or typed code, or a member let in by phone; the gateway checks the membership and pass-back and records the visit. */
export async function action(args: Route.ActionArgs): Promise<DoorAnswer> {
  requireDeskRole(args.context);
  const lang = getLang(args.context);
  const submission = parseWithZod(await readForm(args.request), { schema: doorForm });
  if (submission.status !== 'success')
    return { ok: false, reason: errorText(Object.values(submission.error ?? {})[0]?.[0] ?? 'required', lang) };
  const entry = submission.value;
  try {
    const { data } =
      entry.intent === 'code'
        ? await staffGateway(args)(checkInEndpoints.scan, {
            json: { code: entry.code, clubId: entry.clubId },
          })
        : await staffGateway(args)(checkInEndpoints.manual, {
            json: { phoneNumber: entry.phoneNumber, clubId: entry.clubId },
          });
    return { ok: true, result: data };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return { ok: false, reason: error.text };
  }
}

/** A short tone: high for "come in", low for a refusal (the desk may not be looking). */
function beep(ok: boolean) {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = ok ? 880 : 220;
    gain.gain.value = 0.15;
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + (ok ? 0.15 : 0.45));
    tone.onended = () => void audio.close();
  } catch {
    // No sound on this browser: the colour says it.
  }
}

function DoorVerdict({ answer }: { answer: DoorAnswer }) {
  const { t, lang } = useT();
  if (!answer.ok) {
    return (
      <section className="door-verdict door-refused" role="alert">
        <p className="door-verdict-title">{t('staffScanner.refused')}</p>
        <p className="door-verdict-reason">{answer.reason}</p>
      </section>
    );
  }
  const { member, membership } = answer.result;
  return (
    <section className="door-verdict door-accepted" role="status">
      {/* Who it let in, large enough to compare with the face at the door (issue 38 §7, ADR 032). */}
      <Avatar url={member.avatarUrl} name={member.fullName} />
      <div>
        <p className="door-verdict-title">{t('staffScanner.accepted')}</p>
        <p className="door-verdict-name">{member.fullName.trim() || t('staffScanner.noName')}</p>
        <p className="door-verdict-number">{t('staffScanner.memberNo', { no: String(member.id).padStart(6, '0') })}</p>
        <p>{lang === 'en' ? membership.planNameEn : membership.planNameVi}</p>
        <p>{t('staffScanner.until', { date: formatDate(membership.endDate) })}</p>
      </div>
    </section>
  );
}

type Lookup = { phoneNumber: string; found: StaffMember | null; refusal: string | null } | null;

/** A member who came without their phone: found by their number, shown with whether they may enter, let in on the desk's word (audited). */
function WithoutPhone({
  clubId,
  typed,
  phoneError,
  lookup,
  busy,
  submit: SubmitForm,
}: {
  clubId: number | null;
  typed: string;
  phoneError: string | null;
  lookup: Lookup;
  busy: boolean;
  submit: ReturnType<typeof useFetcher>['Form'];
}) {
  const { t, lang } = useT();
  const found = lookup?.found;
  // The member found is what the desk looks at next: brought into view (on a phone it is below the camera).
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!lookup?.found) return;
    card.current?.scrollIntoView({ block: 'center' });
    card.current?.querySelector('button')?.focus({ preventScroll: true });
  }, [lookup?.phoneNumber, lookup?.found]);
  return (
    <section className="door-without-phone" aria-labelledby="without-phone">
      <h2 id="without-phone">{t('staffScanner.withoutPhone')}</h2>
      <PhoneSearch
        id="door-phone"
        label={t('staffScanner.memberPhone')}
        submitLabel={t('staffScanner.find')}
        typed={typed}
        error={phoneError}
        keep={clubId !== null ? { club: String(clubId) } : undefined}
      />
      {found && lookup ? (
        <div className="staff-item door-member" ref={card}>
          <Avatar url={found.member.avatarUrl} name={found.member.fullName} />
          <div>
            <p className="staff-item-name">{found.member.fullName.trim() || lookup.phoneNumber}</p>
            {found.membership ? (
              <p>
                {lang === 'en' ? found.membership.planNameEn : found.membership.planNameVi} ·{' '}
                {t('staffScanner.until', { date: formatDate(found.membership.endDate) })}
              </p>
            ) : null}
            {lookup.refusal ? <p className="danger-text">{lookup.refusal}</p> : null}
            {found.mayEnter && clubId !== null ? (
              <SubmitForm method="post">
                <input type="hidden" name="intent" value="manual" />
                <input type="hidden" name="clubId" value={clubId} />
                <input type="hidden" name="phoneNumber" value={lookup.phoneNumber} />
                <button type="submit" className="button button-primary" disabled={busy}>
                  {t('staffScanner.letIn')}
                </button>
              </SubmitForm>
            ) : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}

export default function StaffScanner({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const fetcher = useFetcher<typeof action>();
  const busy = useNavigation().state === 'submitting' || fetcher.state !== 'idle';
  const [camera, setCamera] = useState(false);
  const { clubs, clubId } = loaderData;
  // A verdict belongs to the page it was given on: a phone look-up after it (a new ?phone=) starts afresh (issue 38 §7).
  const search = useLocation().search;
  const [answeredOn, setAnsweredOn] = useState(search);
  // Each door submission belongs to the page it was sent from (state adjusted while rendering, as React advises).
  if (fetcher.state !== 'idle' && answeredOn !== search) setAnsweredOn(search);
  const fetched = fetcher.data && answeredOn === search ? fetcher.data : undefined;
  const answer = fetched ?? actionData;
  const codeField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Once answered, the code is used up: the field is emptied for the next one.
    if (fetcher.state === 'idle' && fetcher.data && codeField.current) codeField.current.value = '';
  }, [fetcher.state, fetcher.data]);
  // A code already sent is not sent again for a while: the camera sees it on every frame.
  const recent = useRef(new Map<string, number>());
  const send = useCallback(
    (code: string) => {
      if (clubId === null) return;
      recent.current.set(code, Date.now());
      void fetcher.submit({ intent: 'code', code, clubId: String(clubId) }, { method: 'post' });
    },
    [clubId, fetcher],
  );
  // The camera's frames wait while an answer is on its way (the next frame shows the code again). A
  // code already sent is not sent again while it could still be good: its answer stays on screen
  // while the member lowers their phone (sent again, a used code turned the welcome into a refusal).
  const onCode = useCallback(
    (code: string) => {
      if (fetcher.state !== 'idle' || (recent.current.get(code) ?? 0) > Date.now() - CODE_LIFE_MS) return;
      send(code);
    },
    [fetcher.state, send],
  );
  const [noQr, setNoQr] = useState(false);
  // A photo is chosen once: its code is sent even while the last answer's page is still reloading
  // (skipped then, it was lost without a word: a CI journey's second photo, refused by nothing).
  const readPhoto = async (file: File) => {
    const { readQrInFile } = await import('./qr-decode.ts');
    const code = await readQrInFile(file).catch(() => null);
    setNoQr(code === null);
    if (code) send(code);
  };
  const heard = useRef<DoorAnswer | undefined>(undefined);
  const verdict = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer && heard.current !== answer) {
      heard.current = answer;
      beep(answer.ok);
      verdict.current?.scrollIntoView({ block: 'nearest' });
    }
  }, [answer]);
  return (
    <main className="page">
      <h1>{t('staffScanner.title')}</h1>
      <p className="lead">{t('staffScanner.lead')}</p>
      <ClubPicker id="door-club" label={t('staffScanner.club')} clubs={clubs} clubId={clubId} />
      <div ref={verdict}>{answer ? <DoorVerdict answer={answer} /> : null}</div>
      {/* Drawn by the server too (no layout shift when the page hydrates); hidden when scripting is off. */}
      <div className="door-camera stack js-only">
        <button type="button" className="button button-primary button-block" onClick={() => setCamera((on) => !on)}>
          {camera ? t('staffScanner.stop') : t('staffScanner.start')}
        </button>
        {camera ? (
          <Suspense fallback={null}>
            <Camera onCode={onCode} label={t('staffScanner.lead')} failedText={t('staffScanner.noCamera')} />
          </Suspense>
        ) : null}
        <label className="button button-secondary button-block file-button">
          {t('staffScanner.fromImage')}
          <input
            type="file"
            accept="image/*"
            className="visually-hidden"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) void readPhoto(file);
            }}
          />
        </label>
        {noQr ? (
          <p className="notice notice-error" role="alert">
            {t('staffScanner.noQrInImage')}
          </p>
        ) : null}
      </div>
      <fetcher.Form method="post" className="stack door-manual">
        <input type="hidden" name="intent" value="code" />
        <input type="hidden" name="clubId" value={clubId ?? ''} />
        <div className="field">
          <label htmlFor="door-code">{t('staffScanner.code')}</label>
          <input
            id="door-code"
            ref={codeField}
            name="code"
            className="input mono"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={200}
            required
          />
        </div>
        <button type="submit" className="button button-secondary" disabled={busy}>
          {t('staffScanner.codeSubmit')}
        </button>
      </fetcher.Form>
      <WithoutPhone
        clubId={clubId}
        typed={loaderData.typed}
        phoneError={loaderData.phoneError}
        lookup={loaderData.lookup}
        busy={busy}
        submit={fetcher.Form}
      />
    </main>
  );
}
