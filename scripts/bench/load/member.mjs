// One simulated member of the load run (issue 19 §2): signs in through the web app by OTP (the code
// read from the sandbox SMS outbox), then until the run ends, with think times between: opens home
// (the page through the balancer and the gateway's screen read), buys a membership and pays (bank QR
// through the sandbox bank's signed webhook, or card through the sandbox VNPAY page and its IPN),
// checks in at the door (the phone's rotating code scanned by staff), browses, books and sometimes
// cancels classes, reads notifications; a share of the first club's members buys a PT package, has
// the trainer accept it, pays it and books a session the trainer confirms.
import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { URLSearchParams } from 'node:url';
import { readSignedCookie } from './http.mjs';

/** The code the member's phone shows now (api/check-in-code.ts: 30 s steps, 96-bit HMAC-SHA256). */
export function checkInCode({ memberId, deviceId, key }, now = Date.now()) {
  const step = Math.floor(now / 30_000);
  const mac = createHmac('sha256', Buffer.from(key, 'base64url'))
    .update(`${String(memberId)}.${deviceId}.${String(step)}`)
    .digest()
    .subarray(0, 12)
    .toString('base64url');
  return `VF1.${deviceId}.${String(step)}.${mac}`;
}

const pick = (rng, list) => list[Math.floor(rng() * list.length)];

/**
 * @typedef {{ paidContracts: Set<number>, paidPtContracts: Set<number>, visits: Set<number>, classBookings: Map<number, 'live' | 'cancelled'>,
 *   ptBookings: Set<number>, members: number }} Ledger what members were told happened, checked against the database at the end
 * @typedef {{ http: ReturnType<typeof import('./http.mjs').createHttp>, endAt: number, thinkMs: number, rng: () => number,
 *   catalog: { clubs: number[], plans: Map<number, number[]>, ptClub: number, ptPackages: number[], ptTrainers: number[] },
 *   staff: { gm: string, trainers: Map<number, string> }, ledger: Ledger, ptShare: number, cardShare: number }} Ctx
 */

/**
 * @param {Ctx} ctx
 * @param {{ phone: string, ip: string, wantsPt: boolean }} identity
 */
export async function runMember(ctx, identity) {
  const { http, rng, catalog, staff, ledger } = ctx;
  const m = {
    ...identity,
    cookies: new Map(),
    token: '',
    accountId: 0,
    clubId: 0,
    paid: false,
    contractId: 0,
    device: null,
    checkedIn: false,
    bookings: [],
    ptDone: false,
  };
  const live = () => Date.now() < ctx.endAt;
  const think = (scale = 1) => sleep(Math.max(50, ctx.thinkMs * scale * (0.5 + rng())));
  const web = (action, path, extra = {}) => http.request(`web ${action}`, m, { base: 'web', path, ...extra });
  const gw = (action, path, extra = {}) => http.request(`gw ${action}`, m, { base: 'gw', path, ...extra });
  const redirectsTo = (target) => (a) =>
    (a.status === 302 || a.status === 303) && new URL(a.location ?? '', 'http://x').pathname === target;

  // ── sign in (the web app's own forms, no JavaScript needed) ──
  async function signIn() {
    await web('GET /login', '/login');
    const sent = await web('POST /login (code sent)', '/login', {
      form: { phoneNumber: m.phone },
      accept: redirectsTo('/verify-otp'),
    });
    if (!sent) return false;
    await think(0.5);
    const sms = await http.request('sandbox SMS outbox', m, { base: 'gw', path: `/sandbox/sms?phone=${m.phone}` });
    const otp = /\b(\d{4})\b/.exec(sms?.body?.data?.[0]?.text ?? '')?.[1];
    if (!otp) return false;
    const checked = await web('POST /verify-otp', '/verify-otp', {
      form: { otp },
      accept: (a) => redirectsTo('/sign-up')(a) || redirectsTo('/home')(a),
    });
    if (!checked) return false;
    if (new URL(checked.location, 'http://x').pathname === '/sign-up') {
      await think(0.5);
      const made = await web('POST /sign-up', '/sign-up', {
        form: { acceptTerms: 'on', referralCode: '' },
        accept: redirectsTo('/home'),
      });
      if (!made) return false;
    }
    const session = m.cookies.get('gym_session');
    if (!session) return false;
    const data = readSignedCookie(session);
    m.token = data.token;
    m.accountId = data.accountId;
    ledger.members += 1;
    return true;
  }

  async function signEContract(ptContractId) {
    const fullName = `Hội viên ${m.phone.slice(-4)}`;
    const profile = await gw('PUT /auth/profile', '/api/v1/auth/profile', { method: 'PUT', json: { fullName } });
    if (!profile) return false;
    const list = await gw('GET /member/pt-e-contracts', '/api/v1/member/pt-e-contracts');
    const doc = (list?.body?.data ?? []).find((c) => c.ptContractId === ptContractId && c.status === 'UNSIGNED');
    if (!doc) return false;
    await think(0.5);
    const sent = await gw(
      'POST /member/pt-e-contract/{id}/otp',
      `/api/v1/member/pt-e-contract/${String(doc.eContractId)}/otp`,
      { method: 'POST' },
    );
    if (!sent) return false;
    const sms = await http.request('sandbox SMS outbox', m, { base: 'gw', path: `/sandbox/sms?phone=${m.phone}` });
    const otp = /\b(\d{4})\b/.exec(sms?.body?.data?.[0]?.text ?? '')?.[1];
    if (!otp) return false;
    const signed = await gw(
      'POST /member/pt-e-contract/{id}/sign',
      `/api/v1/member/pt-e-contract/${String(doc.eContractId)}/sign`,
      {
        json: { documentSha256: doc.documentSha256, otp, fullName },
      },
    );
    return signed !== null;
  }

  async function home() {
    await web('GET /home', '/home');
    await gw('GET /member/home', '/api/v1/member/home');
  }

  async function buy() {
    // A third of the members join the first club (the one whose trainers the run signs in as).
    m.clubId = rng() < 0.3 ? catalog.ptClub : pick(rng, catalog.clubs);
    await web('GET /membership', '/membership');
    await think(0.3);
    await web('GET /membership/{club}', `/membership/${String(m.clubId)}`);
    await gw('GET /global/club/{id}/payment-plans', `/api/v1/global/club/${String(m.clubId)}/payment-plans`);
    await think(0.5);
    const card = rng() < ctx.cardShare;
    const paymentPlanId = pick(rng, catalog.plans.get(m.clubId));
    // A repeat answers the same unpaid contract (existing: true): safe to send again.
    const made = await gw(`POST /member/contract (${card ? 'card' : 'QR'})`, '/api/v1/member/contract', {
      json: { paymentPlanId, paymentMethodGroupId: card ? 2 : 1, isCash: false },
      retry: true,
    });
    if (!made) return;
    const { contract, payment } = made.body.data;
    m.contractId = contract.contractId;
    if (card) {
      const payUrl = new URL(payment.payUrl);
      await http.request('sandbox VNPAY: pay page', m, { base: 'abs', path: payUrl.href });
      await think(0.5);
      const form = new URLSearchParams(payUrl.searchParams);
      form.set('outcome', '00');
      // The sandbox sends the signed IPN to the gateway (through the balancer), then the browser back.
      const paid = await http.request('sandbox VNPAY: pay (IPN)', m, {
        base: 'abs',
        path: `${payUrl.origin}${payUrl.pathname}`,
        form,
        accept: (a) => a.status === 303,
      });
      if (paid)
        await http.request('web GET /membership/payment/vnpay-return', m, {
          base: 'abs',
          path: paid.location,
          accept: (a) => a.status === 200 || a.status === 302,
        });
    } else {
      await web('GET /membership/payment/{id}', `/membership/payment/${String(m.contractId)}`);
      await think(1); // the member opens the banking app and pays the QR
      // The bank's webhook: the sandbox signs and posts it to the gateway's /payment/bank/casso.
      const sent = await http.request('sandbox bank: transfer (webhook)', m, {
        base: 'gw',
        path: '/sandbox/bank/transfer',
        json: { memo: payment.qr.memo, amount: payment.amount },
        accept: (a) => a.status === 200 && a.body?.data?.results?.[0]?.outcome === 'matched',
      });
      if (!sent) return;
    }
    for (let i = 0; i < 3; i++) {
      const status = await gw(
        'GET /member/contract/{id}/payment',
        `/api/v1/member/contract/${String(m.contractId)}/payment`,
      );
      if (status?.body?.data?.status === 'SUCCESS') {
        m.paid = true;
        ledger.paidContracts.add(m.contractId);
        return;
      }
      await sleep(1000);
    }
  }

  async function checkIn() {
    await web('GET /home/check-in', '/home/check-in');
    if (!m.device) {
      const device = await gw('POST /member/check-in/devices', '/api/v1/member/check-in/devices', {
        json: { label: 'Load run' },
      });
      if (!device) return;
      m.device = device.body.data;
    }
    await think(0.3); // walks to the door
    const scanned = await http.request('staff POST /staff/check-in', m, {
      base: 'gw',
      path: '/api/v1/staff/check-in',
      bearer: staff.gm,
      json: { code: checkInCode(m.device), clubId: m.clubId },
      // The scanner sends a code again after a lost answer: the gateway refuses the second entry.
      retry: true,
      refusals: ['CHECK_IN_CODE_USED', 'CHECK_IN_PASS_BACK'],
    });
    if (scanned?.status === 200) ledger.visits.add(scanned.body.data.visitId);
    if (scanned) m.checkedIn = true;
  }

  async function classes() {
    if (rng() < 0.5) await web('GET /class', '/class');
    const day = rng() < 0.5 ? 0 : 1;
    const first = await gw('GET /member/screens/classes', `/api/v1/member/screens/classes?clubId=${String(m.clubId)}`);
    if (!first) return;
    const date = first.body.data.classes.days[day];
    const screen =
      day === 0
        ? first
        : await gw(
            'GET /member/screens/classes',
            `/api/v1/member/screens/classes?clubId=${String(m.clubId)}&date=${date}`,
          );
    const open = (screen?.body?.data?.classes?.sessions ?? []).filter(
      (s) => s.bookingWindow === 'OPEN' && !s.myBooking && !s.cancelled,
    );
    // Cancel one of the member's bookings now and then (free until 2 h before).
    const cancellable = m.bookings.filter((b) => b.live);
    if (cancellable.length > 0 && rng() < 0.3) {
      const b = pick(rng, cancellable);
      const cancelled = await gw(
        'PUT /member/class-bookings/{id}/cancel',
        `/api/v1/member/class-bookings/${String(b.id)}/cancel`,
        { method: 'PUT', refusals: ['CLASS_CANCEL_CLOSED'] },
      );
      if (cancelled?.status === 200) {
        b.live = false;
        ledger.classBookings.set(b.id, 'cancelled');
      }
      return;
    }
    if (open.length === 0) return;
    const session = pick(rng, open);
    await gw('GET /global/classes/{id}', `/api/v1/global/classes/${String(session.id)}`);
    await think(0.3);
    // A repeat answers the same booking: safe to send again.
    const booked = await gw(
      'POST /member/classes/{id}/booking',
      `/api/v1/member/classes/${String(session.id)}/booking`,
      {
        json: { joinWaitlist: session.spotsLeft === 0 },
        retry: true,
        refusals: ['CLASS_FULL', 'CLASS_BOOKING_CLOSED'],
      },
    );
    if (booked?.status === 200) {
      const id = booked.body.data.booking.bookingId;
      m.bookings.push({ id, live: true });
      ledger.classBookings.set(id, 'live');
    }
  }

  async function notifications() {
    if (rng() < 0.3) await web('GET /notifications', '/notifications');
    const list = await gw('GET /member/notifications', '/api/v1/member/notifications?page=1&limit=20');
    const unread = (list?.body?.data?.items ?? []).find((n) => !n.readAt);
    if (unread) {
      await think(0.3);
      await gw('GET /member/notification/{id}', `/api/v1/member/notification/${unread.id}`);
    }
  }

  /** A PT package with one of the first club's trainers, paid by QR, and one session booked and confirmed. */
  async function personalTraining() {
    m.ptDone = true;
    const trainerId = pick(rng, catalog.ptTrainers);
    const trainerToken = staff.trainers.get(trainerId);
    const packageId = pick(rng, catalog.ptPackages);
    await web('GET /pt', '/pt');
    await gw('GET /member/screens/pt-select', `/api/v1/member/screens/pt-select?clubId=${String(catalog.ptClub)}`);
    await think(0.5);
    const made = await gw(
      'POST /member/pt-package/{p}/pt/{t}/register',
      `/api/v1/member/pt-package/${String(packageId)}/pt/${String(trainerId)}/register`,
      { method: 'POST', retry: true },
    );
    if (!made) return;
    const ptContractId = made.body.data.ptContractId;
    const accepted = await http.request('trainer PUT /staff/pt-contract/{id}/accept', m, {
      base: 'gw',
      method: 'PUT',
      path: `/api/v1/staff/pt-contract/${String(ptContractId)}/accept`,
      bearer: trainerToken,
    });
    if (!accepted) return;
    await think(0.5);
    const paying = await gw(
      'POST /member/pt-contract/{id}/transaction/pay (QR)',
      `/api/v1/member/pt-contract/${String(ptContractId)}/transaction/pay`,
      {
        json: { paymentMethodGroupId: 1, isCash: false },
        retry: true,
      },
    );
    if (!paying) return;
    const { payment } = paying.body.data;
    await think(0.5);
    const sent = await http.request('sandbox bank: transfer (webhook)', m, {
      base: 'gw',
      path: '/sandbox/bank/transfer',
      json: { memo: payment.qr.memo, amount: payment.amount },
      accept: (a) => a.status === 200 && a.body?.data?.results?.[0]?.outcome === 'matched',
    });
    if (!sent) return;
    ledger.paidPtContracts.add(ptContractId);
    // Sessions are booked under a signed e-contract only (ADR 064): the name on the profile, the code, the typed name as the mark.
    if (!(await signEContract(ptContractId))) return;
    await web('GET /pt/booking', '/pt/booking');
    const screen = await gw(
      'GET /member/screens/pt-booking',
      `/api/v1/member/screens/pt-booking?ptContractId=${String(ptContractId)}`,
    );
    if (!screen) return;
    // A day after today with a free start (others are booking the same trainers at the same time).
    for (const date of screen.body.data.days.slice(1, 6)) {
      const day = await gw(
        'GET /member/screens/pt-booking',
        `/api/v1/member/screens/pt-booking?ptContractId=${String(ptContractId)}&date=${date}`,
      );
      const slots = day?.body?.data?.slots ?? [];
      if (slots.length === 0) continue;
      await think(0.3);
      const booked = await gw(
        'POST /member/pt-contract/{id}/booking',
        `/api/v1/member/pt-contract/${String(ptContractId)}/booking`,
        {
          json: { date, afterMinute: pick(rng, slots).afterMinute },
          // Sent again after a 503 the member sees: had the first been made, the second is refused (166).
          retry: true,
          refusals: [456, 166],
        },
      );
      if (booked?.status !== 200) continue;
      const bookingId = booked.body.data.bookingId;
      ledger.ptBookings.add(bookingId);
      await http.request('trainer PUT /staff/pt-booking/{id}/confirm', m, {
        base: 'gw',
        method: 'PUT',
        path: `/api/v1/staff/pt-booking/${String(bookingId)}/confirm`,
        bearer: trainerToken,
      });
      return;
    }
  }

  if (!(await signIn())) return;
  await home();
  while (live()) {
    await think();
    if (!live()) break;
    if (!m.paid) {
      await buy();
      continue;
    }
    const r = rng();
    const wantsPt = m.wantsPt && m.clubId === catalog.ptClub && !m.ptDone;
    if (!m.checkedIn && r < 0.25) await checkIn();
    else if (wantsPt && r < 0.35) await personalTraining();
    else if (r < 0.6) await home();
    else if (r < 0.8) await classes();
    else await notifications();
  }
}

/**
 * The front desk's screens while members come and go: the start page (Today), a club's classes
 * of the day, the cash waiting, the transfers to review, the staff list, every few seconds (the staff lists whose plans are
 * checked after the 100k seed).
 * @param {Ctx} ctx
 */
export async function runDesk(ctx) {
  const who = { ip: '192.0.2.99' };
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
  let i = 0;
  while (Date.now() < ctx.endAt) {
    const clubId = ctx.catalog.clubs[i++ % ctx.catalog.clubs.length];
    // The desk's start page (Today: cash, trials and feedback waiting, in one read), then a screen.
    if (i % 2 === 1)
      await ctx.http.request('staff GET /staff/today', who, {
        base: 'gw',
        path: `/api/v1/staff/today?clubId=${String(clubId)}`,
        bearer: ctx.staff.gm,
      });
    await ctx.http.request('staff GET /staff/classes', who, {
      base: 'gw',
      path: `/api/v1/staff/classes?clubId=${String(clubId)}&date=${today}`,
      bearer: ctx.staff.gm,
    });
    if (i % 3 === 0)
      await ctx.http.request('staff GET /staff/contracts/waiting', who, {
        base: 'gw',
        path: '/api/v1/staff/contracts/waiting',
        bearer: ctx.staff.gm,
      });
    if (i % 6 === 1)
      await ctx.http.request('staff GET /staff/payment-events?needsReview', who, {
        base: 'gw',
        path: '/api/v1/staff/payment-events?needsReview=true',
        bearer: ctx.staff.gm,
      });
    if (i % 6 === 4)
      await ctx.http.request('staff GET /staff/staff-list', who, {
        base: 'gw',
        path: `/api/v1/staff/staff-list?clubId=${String(clubId)}`,
        bearer: ctx.staff.gm,
      });
    await sleep(Math.max(500, ctx.thinkMs));
  }
}
