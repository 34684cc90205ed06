// The end-of-run checks (issue 19 §2 kill run): by SQL on the cluster's database, nothing doubled —
// a payment settled twice, a contract paid twice, a door code entering twice, a class over its
// capacity or a member in it twice, a trainer or a member's day booked twice — and nothing lost: every
// payment, visit and booking a member was told about is in the database as they were told.
import pg from 'pg';

/** Each check: a name and a query whose rows are the violations (none expected). */
export const DOUBLED = [
  [
    'payment settled twice (two matched provider events for one payment)',
    `select payment_id, count(*) from payment_events where outcome = 'matched' and payment_id is not null group by payment_id having count(*) > 1`,
  ],
  [
    'membership paid twice (two successful payments of one contract, freezes apart)',
    `select contract_id, count(*) from payments where status = 'SUCCESS' and contract_id is not null and freeze_contract_id is null group by contract_id having count(*) > 1`,
  ],
  [
    'PT package paid twice',
    `select pt_contract_id, count(*) from payments where status = 'SUCCESS' and pt_contract_id is not null group by pt_contract_id having count(*) > 1`,
  ],
  [
    'a fee booked twice (two successful transactions of one kind for one contract)',
    `select contract_id, type, count(*) from transactions where status = 'SUCCESS' and freeze_contract_id is null group by contract_id, type having count(*) > 1`,
  ],
  [
    'contract of this run activated without its payment, or paid but not activated',
    `select c.id from contracts c where c.created_at >= $1 and (c.payment_state = 'PAID') <> exists (select 1 from payments p where p.contract_id = c.id and p.freeze_contract_id is null and p.status = 'SUCCESS') and not c.is_gift and c.total_payment > 0`,
  ],
  [
    'door code entered twice (device, time step)',
    `select device_id, time_step, count(*) from visits where device_id is not null group by device_id, time_step having count(*) > 1`,
  ],
  [
    'member let in twice within the 5-minute pass-back',
    `select a.id, b.id from visits a join visits b on b.account_id = a.account_id and b.id > a.id and b.checked_in_at < a.checked_in_at + interval '5 minutes' and b.checked_in_at >= a.checked_in_at where a.device_id is not null and b.device_id is not null`,
  ],
  ['class over capacity', `select id, booked_count, capacity from class_sessions where booked_count > capacity`],
  [
    'class spot count differs from its BOOKED rows',
    `select s.id, s.booked_count, count(b.id) from class_sessions s left join class_bookings b on b.session_id = s.id and b.status = 'BOOKED' group by s.id having count(b.id) <> s.booked_count`,
  ],
  [
    'member twice in one class (live bookings)',
    `select session_id, account_id, count(*) from class_bookings where status in ('BOOKED', 'WAITLISTED') group by session_id, account_id having count(*) > 1`,
  ],
  [
    'trainer booked twice at one time',
    `select a.id, b.id from pt_bookings a join pt_bookings b on b.trainer_account_id = a.trainer_account_id and b.id > a.id and b.start_epoch_minute < a.end_epoch_minute and a.start_epoch_minute < b.end_epoch_minute where a.status in ('WAITPTCONFIRM', 'WAITCUSCONFIRM', 'BOOKED', 'COMPLETED', 'NO_SHOW') and b.status in ('WAITPTCONFIRM', 'WAITCUSCONFIRM', 'BOOKED', 'COMPLETED', 'NO_SHOW')`,
  ],
  [
    'member with two PT sessions on one day',
    `select account_id, day, count(*) from pt_bookings where status in ('WAITPTCONFIRM', 'WAITCUSCONFIRM', 'BOOKED', 'COMPLETED', 'NO_SHOW') group by account_id, day having count(*) > 1`,
  ],
  [
    'PT sessions used differ from its live bookings',
    `select c.id, c.sessions_used, count(b.id) from pt_contracts c left join pt_bookings b on b.pt_contract_id = c.id and b.status in ('WAITPTCONFIRM', 'WAITCUSCONFIRM', 'BOOKED', 'COMPLETED', 'NO_SHOW') group by c.id having count(b.id) <> c.sessions_used`,
  ],
  [
    'notice delivered but not in the inbox',
    `select notification_id from notice_outbox o where status = 'delivered' and not exists (select 1 from notifications n where n.id = o.notification_id)`,
  ],
];

/**
 * @param {string} databaseUrl
 * @param {import('./member.mjs').Ledger} ledger
 * @param {Date} since the run's start
 */
export async function integrityChecks(databaseUrl, ledger, since) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const doubled = [];
    for (const [name, query] of DOUBLED) {
      const { rows } = await client.query(query, query.includes('$1') ? [since] : []);
      doubled.push({ check: name, violations: rows.length, sample: rows.slice(0, 3) });
    }
    const ids = (set) => [...set];
    const lost = [];
    const count = async (name, query, values, expected) => {
      const { rows } = await client.query(query, [values]);
      lost.push({ check: name, toldMembers: expected, found: rows[0].n, missing: expected - rows[0].n });
    };
    await count(
      'memberships members saw paid: contract PAID',
      `select count(*)::int as n from contracts where id = any($1::int[]) and payment_state = 'PAID'`,
      ids(ledger.paidContracts),
      ledger.paidContracts.size,
    );
    await count(
      'PT packages members paid: paid in the database',
      `select count(*)::int as n from pt_contracts c where id = any($1::int[]) and exists (select 1 from payments p where p.pt_contract_id = c.id and p.status = 'SUCCESS')`,
      ids(ledger.paidPtContracts),
      ledger.paidPtContracts.size,
    );
    await count(
      'visits the door accepted: in visits',
      `select count(*)::int as n from visits where id = any($1::int[])`,
      ids(ledger.visits),
      ledger.visits.size,
    );
    const liveBookings = [...ledger.classBookings].filter(([, s]) => s === 'live').map(([id]) => id);
    const cancelledBookings = [...ledger.classBookings].filter(([, s]) => s === 'cancelled').map(([id]) => id);
    await count(
      'class bookings members hold: BOOKED or WAITLISTED',
      `select count(*)::int as n from class_bookings where id = any($1::int[]) and status in ('BOOKED', 'WAITLISTED')`,
      liveBookings,
      liveBookings.length,
    );
    await count(
      'class bookings members cancelled: cancelled',
      `select count(*)::int as n from class_bookings where id = any($1::int[]) and status in ('CANCELLED', 'LATE_CANCELLED')`,
      cancelledBookings,
      cancelledBookings.length,
    );
    await count(
      'PT sessions booked: held',
      `select count(*)::int as n from pt_bookings where id = any($1::int[]) and status in ('WAITPTCONFIRM', 'BOOKED')`,
      ids(ledger.ptBookings),
      ledger.ptBookings.size,
    );
    const { rows: review } = await client.query(
      `select outcome, count(*)::int as n from payment_events where needs_review and created_at >= $1 group by outcome`,
      [since],
    );
    return {
      doubled,
      lost,
      paymentEventsNeedingReview: review,
      ok: doubled.every((d) => d.violations === 0) && lost.every((l) => l.missing === 0),
    };
  } finally {
    await client.end();
  }
}
