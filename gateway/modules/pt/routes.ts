import { Hono, type Context } from 'hono';
import { Codes } from '#api/codes.ts';
import { validationMessage } from '#api/validation.ts';
import { ptEndpoints as endpoints } from '#api/endpoints/pt.ts';
import { bodyLimit } from 'hono/body-limit';
import { requireAccount } from '#gateway/http/auth.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok, publicCache } from '#gateway/http/envelope.ts';
import { ApiError, notFound } from '#gateway/http/errors.ts';
import { route } from '#gateway/http/route.ts';
import { idParam } from '#gateway/http/validate.ts';
import { purchaseContext } from '#gateway/modules/payments/choice.ts';
import { findMemberShell } from '#gateway/modules/accounts/queries.ts';
import { deliverNoticesNow } from '#gateway/modules/notifications/service.ts';
import { expireStalePayments } from '#gateway/modules/payments/settle.ts';
import { findActiveClub } from '#gateway/modules/plans/queries.ts';
import {
  answerPtContract,
  cancelPtContract,
  listPtContracts,
  payPtContract,
  ptContractDetail,
  registerPtContract,
  trainerRequests,
} from './pt-contracts.ts';
import { activePackages, ptClubs, trainersAtClub } from './queries.ts';
import {
  eContractDetail,
  eContractPdf,
  listEContracts,
  sendSigningCode,
  signEContract,
  verifyEContractPdf,
} from './e-contracts.ts';
import {
  answerFreeSession,
  bookFreeSession,
  freeSessionScreen,
  freeSessionsInfo,
  sessionsCount,
  trialSummary,
} from './free-sessions.ts';
import {
  agendaRange,
  answerBooking,
  bookingScreen,
  bookPtSession,
  cancelBooking,
  listBookings,
  rateBooking,
  trainerAgenda,
} from './bookings.ts';

/** The shell beside a screen's data (issue 18: one round trip per page). */
async function withShell<T extends object>(c: Context<AppEnv>, data: Promise<T>) {
  const { db, clock } = c.get('deps');
  const [shell, screen] = await Promise.all([findMemberShell(db, c.get('account').id, clock.now()), data]);
  if (!shell) throw new ApiError(401, Codes.SESSION_EXPIRED);
  return { shell, ...screen };
}

/** §7 PT: the public reads of trainers and packages (ADR 044), and a member's PT contracts (ADR 045). */
export function ptRoutes() {
  const app = new Hono<AppEnv>();
  const member = requireAccount();

  route(app, endpoints.packages, async (c) => {
    const packages = await activePackages(c.get('deps').db);
    publicCache(c);
    return ok(c, packages);
  });

  route(app, endpoints.clubPackages, async (c) => {
    const { db } = c.get('deps');
    const clubId = idParam(c, 'clubId');
    if (!(await findActiveClub(db, clubId))) throw notFound();
    publicCache(c);
    return ok(c, await activePackages(db, clubId));
  });

  route(app, endpoints.clubTrainers, async (c) => {
    const { db, clock } = c.get('deps');
    const clubId = idParam(c, 'clubId');
    if (!(await findActiveClub(db, clubId))) throw notFound();
    publicCache(c);
    return ok(c, await trainersAtClub(db, clubId, clock.now()));
  });

  // The clubs where PT is sold (trainers and packages), with the caller's access to each.
  route(app, endpoints.clubs, member, async (c) => {
    const { db, clock } = c.get('deps');
    return ok(c, await ptClubs(db, c.get('account').id, clock.now()));
  });

  route(app, endpoints.contracts, member, async (c) => {
    const { db, clock } = c.get('deps');
    const query = c.req.valid('query');
    await expireStalePayments(db, clock.now(), c.get('account').id);
    const filter = {
      status: query.status,
      ptContractId: query.ptContractId,
      isNotSilverPtContract: query.isNotSilverPtContract === 'true',
    };
    return ok(c, await listPtContracts(db, c.get('account').id, filter, clock.now()));
  });

  route(app, endpoints.register, member, async (c) => {
    const made = await registerPtContract(purchaseContext(c), idParam(c, 'ptPackageId'), idParam(c, 'ptId'));
    return ok(c, made, Codes.PT_SIGNUP_AWAITING_CONFIRM);
  });

  route(app, endpoints.waitingForPayment, member, async (c) => {
    const { db, clock } = c.get('deps');
    await expireStalePayments(db, clock.now(), c.get('account').id);
    return ok(c, await ptContractDetail(db, c.get('account').id, idParam(c, 'ptContractId'), clock.now()));
  });

  route(app, endpoints.pay, member, async (c) => {
    const body = c.req.valid('json');
    await expireStalePayments(c.get('deps').db, c.get('deps').clock.now(), c.get('account').id);
    return ok(
      c,
      await payPtContract(purchaseContext(c), idParam(c, 'ptContractId'), {
        method: body.paymentMethodGroupId,
        savedCardId: body.savedCardId,
      }),
      Codes.PURCHASE_REQUEST_CREATED,
    );
  });

  route(app, endpoints.cancel, member, async (c) =>
    ok(c, await cancelPtContract(purchaseContext(c), idParam(c, 'ptContractId'))),
  );

  // Booking a session (issue 13 §3, ADR 046).
  route(app, endpoints.book, member, async (c) => {
    const { db, clock } = c.get('deps');
    return ok(
      c,
      await bookPtSession(db, c.get('account').id, idParam(c, 'ptContractId'), c.req.valid('json'), clock.now()),
      Codes.BOOKING_AWAITING_PT,
    );
  });

  route(app, endpoints.bookings, member, async (c) => {
    const { db, clock } = c.get('deps');
    return ok(c, await listBookings(db, c.get('account').id, { clubId: c.req.valid('query').clubId }, clock.now()));
  });

  route(app, endpoints.currentBookings, member, async (c) => {
    const { db, clock } = c.get('deps');
    return ok(c, await listBookings(db, c.get('account').id, { current: true }, clock.now()));
  });

  route(app, endpoints.cancelBooking, member, async (c) => {
    const { db, clock } = c.get('deps');
    return ok(
      c,
      await cancelBooking(db, c.get('account').id, idParam(c, 'bookingId'), clock.now()),
      Codes.BOOKING_CANCELLED,
    );
  });

  route(app, endpoints.rateBooking, member, async (c) => {
    const { db } = c.get('deps');
    return ok(
      c,
      await rateBooking(db, c.get('account').id, idParam(c, 'bookingId'), c.req.valid('json').rating),
      Codes.RATING_SUBMITTED,
    );
  });

  route(app, endpoints.bookingScreen, member, async (c) => {
    const { db, clock } = c.get('deps');
    return ok(c, await withShell(c, bookingScreen(db, c.get('account').id, c.req.valid('query'), clock.now())));
  });

  // Trial sessions (issue 13 §4, ADR 048).
  route(app, endpoints.freeSessionsInfo, member, async (c) => {
    const { db, clock } = c.get('deps');
    return ok(
      c,
      await freeSessionsInfo(db, c.get('account').id, idParam(c, 'clubId'), c.req.valid('query'), clock.now()),
    );
  });

  route(app, endpoints.bookFreeSession, member, async (c) => {
    const { db, clock } = c.get('deps');
    return ok(
      c,
      await bookFreeSession(db, c.get('account').id, idParam(c, 'freeSessionId'), c.req.valid('json'), clock.now()),
      Codes.BOOKING_AWAITING_PT,
    );
  });

  route(app, endpoints.freeSessionBookings, member, async (c) => {
    const { db, clock } = c.get('deps');
    return ok(
      c,
      await listBookings(db, c.get('account').id, { clubId: c.req.valid('query').clubId, trial: true }, clock.now()),
    );
  });

  // Issue 37 §4: the newcomer's guide offers booking a trial only to a member who has one.
  route(app, endpoints.trialSummary, member, async (c) => {
    const { db, clock } = c.get('deps');
    return ok(c, await trialSummary(db, c.get('account').id, clock.now()));
  });

  route(app, endpoints.currentFreeSession, member, async (c) => {
    const { db, clock } = c.get('deps');
    return ok(c, await listBookings(db, c.get('account').id, { current: true, trial: true }, clock.now()));
  });

  for (const [verb, answer] of [
    ['cancel', endpoints.cancelFreeSession],
    ['accept', endpoints.acceptFreeSession],
    ['reject', endpoints.rejectFreeSession],
  ] as const) {
    route(app, answer, member, async (c) => {
      const { db, clock } = c.get('deps');
      const booking = await answerFreeSession(db, c.get('account').id, idParam(c, 'freeSessionId'), verb, clock.now());
      return ok(c, booking, verb === 'cancel' ? Codes.BOOKING_CANCELLED : Codes.OK);
    });
  }

  route(app, endpoints.sessionsCount, member, async (c) => {
    const { db, clock } = c.get('deps');
    return ok(c, await sessionsCount(db, c.get('account').id, idParam(c, 'clubId'), clock.now()));
  });

  route(app, endpoints.freeSessionScreen, member, async (c) => {
    const { db, clock } = c.get('deps');
    return ok(c, await withShell(c, freeSessionScreen(db, c.get('account').id, c.req.valid('query'), clock.now())));
  });

  // The e-contract (issue 13 §2, ADR 047).
  route(app, endpoints.eContracts, member, async (c) =>
    ok(c, await listEContracts(c.get('deps').db, c.get('account').id)),
  );

  route(app, endpoints.eContract, member, async (c) =>
    ok(c, await eContractDetail(c.get('deps').db, c.get('account').id, idParam(c, 'id'))),
  );

  route(app, endpoints.eContractOtp, member, async (c) =>
    ok(
      c,
      await sendSigningCode(c.get('deps'), c.get('account').id, idParam(c, 'id'), c.get('clientIp')),
      Codes.OTP_SENT,
    ),
  );

  route(app, endpoints.eContractSign, member, async (c) => {
    const body = c.req.valid('json');
    const signed = await signEContract(c.get('deps'), c.get('account').id, idParam(c, 'id'), {
      ...body,
      clientIp: c.get('clientIp'),
      userAgent: c.req.header('x-client-user-agent') ?? c.req.header('user-agent') ?? '',
    });
    return ok(c, signed, Codes.CONTRACT_SIGNED);
  });

  route(app, endpoints.eContractPdf, member, async (c) => {
    const { pdf, fileName } = await eContractPdf(c.get('deps').db, c.get('account').id, idParam(c, 'id'));
    return c.body(new Uint8Array(pdf), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'private, no-store',
    });
  });

  // Anyone holding a PDF may ask whether it is one we sealed, unchanged (multipart, field "file").
  route(
    app,
    endpoints.eContractVerify,
    bodyLimit({
      maxSize: 5 * 1024 * 1024,
      onError: () => {
        throw new ApiError(413, Codes.FILE_TOO_LARGE);
      },
    }),
    async (c) => {
      const form = await c.req.parseBody().catch(() => {
        throw new ApiError(400, Codes.VALIDATION);
      });
      const file = form.file;
      if (!(file instanceof File) || file.size === 0)
        throw new ApiError(400, Codes.VALIDATION, { fieldErrors: { file: ['required'] } });
      return ok(c, await verifyEContractPdf(c.get('deps'), Buffer.from(await file.arrayBuffer())));
    },
  );

  route(app, endpoints.eContractsScreen, member, async (c) => {
    const { db } = c.get('deps');
    return ok(
      c,
      await withShell(
        c,
        listEContracts(db, c.get('account').id).then((eContracts) => ({ eContracts })),
      ),
    );
  });

  route(app, endpoints.eContractScreen, member, async (c) => {
    const { db } = c.get('deps');
    return ok(
      c,
      await withShell(
        c,
        eContractDetail(db, c.get('account').id, idParam(c, 'id')).then((eContract) => ({ eContract })),
      ),
    );
  });

  // Screens (one round trip with the shell): /pt, /pt/select-pt, the packages of a trainer, a contract's result and history pages.
  route(app, endpoints.screen, member, async (c) => {
    const { db, clock } = c.get('deps');
    const accountId = c.get('account').id;
    await expireStalePayments(db, clock.now(), accountId);
    const now = clock.now();
    return ok(
      c,
      await withShell(
        c,
        Promise.all([listPtContracts(db, accountId, {}, now), trialSummary(db, accountId, now)]).then(
          ([contracts, trial]) => ({ contracts, trial }),
        ),
      ),
    );
  });

  route(app, endpoints.selectScreen, member, async (c) => {
    const { db, clock } = c.get('deps');
    const accountId = c.get('account').id;
    const screen = ptClubs(db, accountId, clock.now()).then(async (clubs) => {
      const wanted = c.req.valid('query').clubId;
      const club = clubs.find((k) => k.id === wanted) ?? clubs.find((k) => k.access === 'OK') ?? clubs[0] ?? null;
      return { clubs, clubId: club?.id ?? null, trainers: club ? await trainersAtClub(db, club.id, clock.now()) : [] };
    });
    return ok(c, await withShell(c, screen));
  });

  /** A trainer at a club, the club's packages and the member's unpaid one: the plans page, and (one package) its detail page. */
  const plansScreen = (c: Context<AppEnv>, ptId: number, clubId: number) => {
    const { db, clock } = c.get('deps');
    const accountId = c.get('account').id;
    return Promise.all([
      ptClubs(db, accountId, clock.now()),
      trainersAtClub(db, clubId, clock.now()),
      activePackages(db, clubId),
      listPtContracts(db, accountId, { status: 'REGISTER' }, clock.now()),
    ]).then(([clubs, trainers, packages, unpaid]) => {
      const club = clubs.find((k) => k.id === clubId);
      const trainer = trainers.find((t) => t.ptId === ptId);
      if (!club || !trainer) throw notFound();
      return { club, trainer, packages, unpaid: unpaid[0] ?? null };
    });
  };

  route(app, endpoints.plansScreen, member, async (c) =>
    ok(c, await withShell(c, plansScreen(c, idParam(c, 'ptId'), idParam(c, 'clubId')))),
  );

  // §2 /pt/select-pt/plans/{ptId}/plan/{id}: one package of the trainer's club (the id is the package's).
  route(app, endpoints.planScreen, member, async (c) => {
    const ptPackageId = idParam(c, 'ptPackageId');
    const pkg = (await activePackages(c.get('deps').db)).find((p) => p.id === ptPackageId);
    if (!pkg) throw notFound();
    const screen = plansScreen(c, idParam(c, 'ptId'), pkg.clubId).then((s) => ({
      ...s,
      packages: s.packages.filter((p) => p.id === ptPackageId),
    }));
    return ok(c, await withShell(c, screen));
  });

  route(app, endpoints.contractScreen, member, async (c) => {
    const { db, clock } = c.get('deps');
    await expireStalePayments(db, clock.now(), c.get('account').id);
    return ok(
      c,
      await withShell(
        c,
        ptContractDetail(db, c.get('account').id, idParam(c, 'id'), clock.now()).then((ptContract) => ({ ptContract })),
      ),
    );
  });

  return app;
}

/** The trainer's side of a PT contract (issue 13; issue 17 gives it a screen): the requests and the answer. */
export function trainerRoutes() {
  const app = new Hono<AppEnv>();
  const trainer = requireAccount(['PT']);

  // ?from&to (Vietnam days, at most 31): the agenda's day and week views; neither: today on; with today,
  // the confirmed sessions of earlier days not yet closed too (ADR 051).
  route(app, endpoints.trainerBookings, trainer, async (c) => {
    const { db, clock } = c.get('deps');
    const range = agendaRange(c.req.valid('query'), clock.now());
    if (!range)
      throw new ApiError(400, Codes.VALIDATION, { fieldErrors: { to: [validationMessage('invalid', c.get('lang'))] } });
    return ok(c, await trainerAgenda(db, c.get('account').id, range, clock.now()));
  });

  route(app, endpoints.trainerRequests, trainer, async (c) => {
    const { db, clock } = c.get('deps');
    return ok(c, await trainerRequests(db, c.get('account').id, clock.now()));
  });

  for (const [answer, accept] of [
    [endpoints.trainerAccept, true],
    [endpoints.trainerReject, false],
  ] as const) {
    route(app, answer, trainer, async (c) => {
      const deps = c.get('deps');
      const answer = await answerPtContract(deps.db, c.get('account').id, idParam(c, 'id'), accept, deps.clock.now());
      await deliverNoticesNow(deps);
      return ok(c, answer);
    });
  }

  for (const [verb, mark] of [
    ['confirm', endpoints.trainerConfirmBooking],
    ['reject', endpoints.trainerRejectBooking],
    ['complete', endpoints.trainerCompleteBooking],
    ['no-show', endpoints.trainerNoShow],
  ] as const) {
    route(app, mark, trainer, async (c) => {
      const deps = c.get('deps');
      const answer = await answerBooking(deps.db, c.get('account').id, idParam(c, 'id'), verb, deps.clock.now());
      await deliverNoticesNow(deps);
      return ok(c, answer);
    });
  }
  return app;
}
