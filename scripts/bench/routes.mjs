// The pages `npm run bench` measures (ARCHITECTURE §9), and how a cold visitor reaches each one.
// To measure another page, add an entry; when it needs state (a session…), give it an `access`
// that builds that state against the running system and returns the request headers to send.
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { URLSearchParams } from 'node:url';

/**
 * @typedef {object} BenchContext
 * @property {string} webUrl  e.g. http://localhost:3000
 * @property {string} gatewayUrl
 * @property {(phone: string) => string} smsOutboxUrl
 */

/**
 * @typedef {object} Access
 * @property {string} describe  how the page is reached, printed under the table
 * @property {(ctx: BenchContext) => Promise<Record<string, string>>} headers  the request headers
 *   (a Cookie…) every request of the visit carries; called once per route, and the result is
 *   shared by the HTML fetch and all the Lighthouse runs of that route
 */

/**
 * @typedef {object} BenchRoute
 * @property {string} path
 * @property {Access} access
 * @property {RegExp[]} [lazyOnly]  JS the page loads on demand (a dynamic import): a first-load file
 *   whose URL matches one is a missed target
 */

/** @type {Access} */
export const anonymous = {
  describe: 'anonymous cold visit',
  headers: async () => ({}),
};

/** A number in the retired 0100 range: never a real subscriber, accepted by the phone rules. */
export const benchPhone = () => `0100${randomInt(100_000, 1_000_000)}`;

/**
 * Cookie header made of the `name=value` pairs of the Set-Cookie headers of a response.
 * @param {Response} res
 */
const cookieHeader = (res) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/**
 * A session that has asked for a sign-in code: POST the login form once (the gateway allows 30
 * code sends per IP per hour, so one send serves all the runs).
 * @type {Access}
 */
export const otpRequested = {
  describe: 'session that asked for a code (POST /login with a 0100… phone)',
  async headers({ webUrl }) {
    const phone = benchPhone();
    const res = await fetch(new URL('/login', webUrl), {
      method: 'POST',
      headers: { Origin: webUrl, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `phoneNumber=${phone}`,
      redirect: 'manual',
    });
    const cookie = cookieHeader(res);
    if (res.status !== 302 || res.headers.get('location') !== '/verify-otp' || !/gym_session=/.test(cookie)) {
      const body = await res.text().catch(() => '');
      throw new Error(
        `POST /login (phone ${phone}) answered ${res.status} → ${res.headers.get('location') ?? 'no redirect'}` +
          `${cookie ? '' : ', no gym_session cookie'}: ${body.slice(0, 300)}`,
      );
    }
    return { Cookie: cookie };
  },
};

/**
 * POSTs a form to the web app the way a browser does (same Origin), carrying the session so far.
 * @param {string} webUrl @param {string} path @param {Record<string, string>} fields @param {string} cookie
 */
async function postForm(webUrl, path, fields, cookie) {
  const res = await fetch(new URL(path, webUrl), {
    method: 'POST',
    headers: { Origin: webUrl, 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  const next = cookieHeader(res);
  return { location: res.headers.get('location'), status: res.status, cookie: next || cookie };
}

/**
 * A new member, signed up through the real forms: phone, the code from the sandbox outbox, terms.
 * @type {Access}
 */
export const signedInMember = {
  describe: 'new member signed up through /login → /verify-otp → /sign-up (sandbox SMS)',
  async headers({ webUrl, smsOutboxUrl }) {
    const phone = benchPhone();
    const login = await postForm(webUrl, '/login', { phoneNumber: phone }, '');
    const outbox = await (await fetch(smsOutboxUrl(phone))).json();
    const otp = outbox.data?.[0]?.text.match(/\b(\d{4})\b/)?.[1];
    if (!otp) throw new Error(`no sign-in code in the sandbox outbox for ${phone}`);
    const verify = await postForm(webUrl, '/verify-otp', { otp, intent: 'verify' }, login.cookie);
    const signUp = await postForm(webUrl, '/sign-up', { acceptTerms: 'on' }, verify.cookie);
    // Issue 37 §6: the sign-up goes on to the (skippable) name step, the member's first page.
    if (verify.location !== '/sign-up' || (signUp.location !== '/home' && signUp.location !== '/account/name')) {
      throw new Error(`sign-up of ${phone} went ${verify.location} → ${signUp.location} (${signUp.status})`);
    }
    // The browser follows the redirect: that page shows the welcome toast once (a flash message) and
    // answers with a cookie that no longer holds it. Sending the sign-up's cookie on every timed
    // request instead would show the toast, and sign a new cookie, each time: no member does that.
    const first = await fetch(new URL(signUp.location, webUrl), {
      headers: { Cookie: signUp.cookie },
      redirect: 'manual',
    });
    await first.arrayBuffer();
    if (first.status !== 200)
      throw new Error(`${signUp.location} right after the sign-up of ${phone} answered ${first.status}`);
    return { Cookie: mergeCookies(signUp.cookie, cookieHeader(first)) };
  },
};

/**
 * A new member (as above) who bought club 1's third plan on the plan page by bank QR and whose
 * transfer the sandbox bank reported: a current membership, as a member at the door has.
 * @type {Access}
 */
export const memberWithMembership = {
  describe: 'new member (as above) with club 1 plan 3 bought on the plan page and paid through the sandbox bank',
  async headers(ctx) {
    const { Cookie } = await signedInMember.headers(ctx);
    const bought = await postForm(
      ctx.webUrl,
      '/membership/1/plan/3',
      { paymentMethod: '1', intent: 'confirm' },
      Cookie,
    );
    if (!bought.location || !/^\/membership\/payment\/\d+$/.test(bought.location))
      throw new Error(`buying plan 3 went to ${String(bought.location)} (${bought.status})`);
    const page = await (
      await fetch(new URL(bought.location, ctx.webUrl), { headers: { Cookie: bought.cookie } })
    ).text();
    // What the member copies from the QR screen: the memo and the amount (vi, the default language).
    const copied = (label) =>
      new RegExp(`<dt>${label}</dt><dd><span class="copy-value[^"]*">([^<]+)</span>`).exec(page)?.[1];
    const memo = copied('Nội dung chuyển khoản');
    const amount = Number(copied('Số tiền')?.replace(/\D/g, ''));
    if (!memo || !amount) throw new Error('no transfer memo or amount on the payment page');
    const paid = await fetch(new URL('/sandbox/bank/transfer', ctx.gatewayUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ memo, amount }),
    });
    if (!paid.ok) throw new Error(`the sandbox transfer answered ${paid.status}: ${await paid.text()}`);
    return { Cookie: bought.cookie };
  },
};

/** Issue 17: the seeded front-desk employee of club 1 (gateway/db/seed.ts DEMO_STAFF_PHONE). */
export const BENCH_STAFF_PHONE = '0100000001';

/**
 * The staff sign-in of one running system (keyed by its web URL), shared by its staff routes: the
 * gateway sends a code to a phone once per 30 seconds (and 5 in a row before a wait), so one
 * sign-in serves them all. A restarted system (new web URL) signs in again.
 * @type {Map<string, Promise<Record<string, string>>>}
 */
const staffSignIns = new Map();

/**
 * The seeded front-desk employee signed in through the staff pages: /staff/login (phone) →
 * /staff/verify-otp (the code from the sandbox outbox) → /staff. Carries every cookie the visit
 * set: the staff session (gym_staff) and the member-app cookie (gym_session) the welcome toast
 * went through.
 * @type {Access}
 */
export const signedInStaff = {
  describe: `front-desk employee ${BENCH_STAFF_PHONE} (seeded, club 1) signed in through /staff/login → /staff/verify-otp (sandbox SMS)`,
  headers(ctx) {
    let signIn = staffSignIns.get(ctx.webUrl);
    if (!signIn) {
      signIn = staffSignIn(ctx);
      staffSignIns.set(ctx.webUrl, signIn);
      // A failed sign-in is not kept: the next route tries again.
      signIn.catch(() => staffSignIns.delete(ctx.webUrl));
    }
    return signIn;
  },
};

/** @param {BenchContext} ctx @returns {Promise<Record<string, string>>} */
async function staffSignIn({ webUrl, smsOutboxUrl }) {
  const phone = BENCH_STAFF_PHONE;
  let login = await postForm(webUrl, '/staff/login', { phoneNumber: phone }, '');
  if (login.location !== '/staff/verify-otp') {
    // A code went to this phone less than 30 s ago (a system restarted mid-bench): wait and ask again.
    await sleep(31_000);
    login = await postForm(webUrl, '/staff/login', { phoneNumber: phone }, '');
  }
  if (login.location !== '/staff/verify-otp' || !/gym_staff=/.test(login.cookie)) {
    throw new Error(
      `POST /staff/login (phone ${phone}) answered ${login.status} → ${login.location ?? 'no redirect'}${/gym_staff=/.test(login.cookie) ? '' : ', no gym_staff cookie'}`,
    );
  }
  // The newest text first (the member access reads data[0] the same way).
  const outbox = await (await fetch(smsOutboxUrl(phone))).json();
  const otp = outbox.data?.[0]?.text.match(/\b(\d{4})\b/)?.[1];
  if (!otp) throw new Error(`no sign-in code in the sandbox outbox for ${phone}`);
  const verify = await postForm(webUrl, '/staff/verify-otp', { otp, intent: 'verify' }, login.cookie);
  if (verify.location !== '/staff')
    throw new Error(`the staff code of ${phone} went to ${String(verify.location)} (${verify.status}), not /staff`);
  // As for the member: the browser lands on /staff, which shows the welcome toast once and answers
  // with the cookie that no longer holds it.
  const landing = await fetch(new URL('/staff', webUrl), { headers: { Cookie: verify.cookie }, redirect: 'manual' });
  await landing.arrayBuffer();
  if (landing.status !== 200)
    throw new Error(
      `/staff right after the staff sign-in of ${phone} answered ${landing.status} → ${landing.headers.get('location') ?? ''}`,
    );
  const cookie = mergeCookies(verify.cookie, cookieHeader(landing));
  if (!/(?:^|; )gym_staff=/.test(cookie)) throw new Error(`no gym_staff cookie after the staff sign-in of ${phone}`);
  return { Cookie: cookie };
}

/** A Cookie header with the pairs of `newer` replacing those of the same name in `older`. */
function mergeCookies(/** @type {string} */ older, /** @type {string} */ newer) {
  const jar = new Map();
  for (const pair of [...older.split('; '), ...newer.split('; ')].filter(Boolean)) jar.set(pair.split('=')[0], pair);
  return [...jar.values()].join('; ');
}

/** @type {readonly BenchRoute[]} */
export const ROUTES = Object.freeze([
  { path: '/landing', access: anonymous },
  { path: '/login', access: anonymous },
  { path: '/verify-otp', access: otpRequested },
  { path: '/home', access: signedInMember },
  { path: '/account', access: signedInMember },
  { path: '/notification', access: signedInMember },
  // Issue 4: choosing a club and a plan (seeded club 1; its third plan is Classic 3 months).
  { path: '/membership', access: signedInMember },
  { path: '/membership/1', access: signedInMember },
  { path: '/membership/1/plan/3', access: signedInMember },
  // Issue 11: the door (a member with a membership: the QR page, not its empty state) and classes.
  { path: '/home/check-in', access: memberWithMembership },
  { path: '/class', access: signedInMember },
  // Issue 12: freezing the membership (Classic 3 months: freezable) and referring a friend.
  { path: '/membership/freeze/payment', access: memberWithMembership },
  { path: '/home/referral', access: signedInMember },
  // Issue 16: the problem report a club poster's QR opens (no sign-in), and one topic's form.
  { path: '/public/customer-report?club=1', access: anonymous },
  { path: '/public/customer-report/MACHINE?club=1', access: anonymous },
  // Issue 16 §3: the ID verification form (a member not yet verified). Issue 12's monthly plan page.
  { path: '/account/verification', access: signedInMember },
  { path: '/home/your-plan', access: signedInMember },
  // Issue 15: the workout tab, a lesson (chest basics) and its player on the first main exercise.
  { path: '/workout', access: signedInMember },
  { path: '/workout/type/1/lesson/101', access: signedInMember },
  { path: '/workout/type/1/lesson/101/exercise/5', access: signedInMember },
  // Issue 14: the InBody tab of a new member (the add-a-photo form; the charts are server-drawn SVG, ADR 043).
  { path: '/inbody', access: signedInMember },
  // Issue 13: personal training — the member's PT page, a club's trainers, a trainer's packages (the first club's first trainer, seeded), booking.
  { path: '/pt', access: memberWithMembership },
  { path: '/pt/select-pt', access: memberWithMembership },
  { path: '/pt/booking', access: memberWithMembership },
  { path: '/pt/free-session', access: memberWithMembership },
  { path: '/pt/contract', access: memberWithMembership },
  // Issue 17: the staff door scanner (its QR decoder, jsQR, is a dynamic import: not first-load JS) and the cash desk.
  { path: '/staff/scanner', access: signedInStaff, lazyOnly: [/\/(?:qr-decode|door-camera|jsqr)[-.]/i] },
  { path: '/staff/cash', access: signedInStaff },
  // The desk's classes of today (the seeded bookings of club 1) and the notice form.
  { path: '/staff/classes', access: signedInStaff },
  { path: '/staff/notify', access: signedInStaff },
  // The desk's start page (its counts in one gateway read) and the trial sessions to propose.
  { path: '/staff', access: signedInStaff },
  { path: '/staff/trials', access: signedInStaff },
]);
