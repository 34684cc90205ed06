// Issue 19 §2: the cluster's PostgreSQL filled like a chain's after a year — 100 000 members (by
// default), each with a year of history: memberships back to back (3-month Classic plans at a home
// club, some lapsed, some never paid), their payments, fees and provider events, visits at the door,
// past classes of every weekly timetable with their bookings, notifications. Written in SQL with
// INSERT … SELECT generate_series (minutes, not the hours the API would take), the big tables'
// secondary indexes dropped during the insert and built again after, then ANALYZE.
// Not seeded: PT packages and sessions (the demo's trainers keep their own), freezes, subscriptions.
// Usage: node scripts/cluster/seed-scale.mjs [--members 100000] [--visits-per-week 1.5]
//   [--notifications 24] [--database postgres://…]   (default: the running `npm run cluster`'s database)
import os from 'node:os';
import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const argv = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
};
const MEMBERS = Number(opt('members', 100_000));
const VISITS_PER_WEEK = Number(opt('visits-per-week', 1.5));
const NOTIFICATIONS = Number(opt('notifications', 24));
const log = (message) => console.log(`seed-scale │ ${message}`);

function databaseUrl() {
  const given = opt('database', process.env.DATABASE_URL);
  if (given) return given;
  const state = path.join(os.tmpdir(), `gym-cluster-${process.env.CLUSTER_WEB_PORT ?? '8080'}.json`);
  if (existsSync(state)) return JSON.parse(readFileSync(state, 'utf8')).databaseUrl;
  throw new Error('no database: start `npm run cluster`, or pass --database postgres://…');
}

async function main() {
  const client = new pg.Client({ connectionString: databaseUrl(), application_name: 'seed-scale' });
  await client.connect();
  const started = performance.now();
  const step = async (name, sql, values = []) => {
    const t = performance.now();
    const res = await client.query(sql, values);
    log(
      `${name}: ${res.rowCount === null ? 'done' : `${String(res.rowCount)} rows`} (${((performance.now() - t) / 1000).toFixed(1)} s)`,
    );
    return res;
  };
  const { rows: already } = await client.query(
    `select count(*)::int as n from accounts where phone_number like '0188%'`,
  );
  if (already[0].n > 0) {
    log(`already seeded (${String(already[0].n)} members with 0188… phones): nothing to do`);
    await client.end();
    return;
  }
  const sizeBefore = (await client.query('select pg_database_size(current_database())::bigint as b')).rows[0].b;

  // Secondary indexes of the big tables: dropped for the insert, built once after (much faster).
  const bigTables = [
    'visits',
    'notifications',
    'contracts',
    'payments',
    'transactions',
    'payment_events',
    'rating_requests',
  ];
  const { rows: indexes } = await client.query(
    `select i.indexname, i.indexdef from pg_indexes i
     where i.schemaname = 'public' and i.tablename = any($1)
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [bigTables],
  );

  await client.query('begin');
  try {
    await client.query(
      "set local synchronous_commit = off; set local work_mem = '256MB'; set local maintenance_work_mem = '512MB'",
    );
    for (const { indexname } of indexes) await client.query(`drop index "${indexname}"`);
    log(`dropped ${String(indexes.length)} secondary indexes of ${bigTables.join(', ')} for the insert`);

    // Members: a join day in the past year (a fixed scramble of g), a home club among the active ones.
    await step(
      'members (accounts)',
      `insert into accounts (phone_number, account_type, full_name, lang, created_at, updated_at)
       select '0188' || lpad(g::text, 6, '0'), 'MEMBER', 'Hội viên ' || g, case when g % 10 = 0 then 'en' else 'vi' end,
              now() - ((g * 7919) % 365) * interval '1 day', now() - ((g * 7919) % 365) * interval '1 day'
       from generate_series(1, $1::int) g`,
      [MEMBERS],
    );
    await step(
      'member plan table',
      `create temp table seed_members on commit drop as
       with clubs_on as (select id, row_number() over (order by id) - 1 as k, count(*) over () as n from clubs where is_active)
       select a.id as account_id, substr(a.phone_number, 5)::int as g, c.id as club_id,
              ((substr(a.phone_number, 5)::int * 7919) % 365) as joined_days_ago
       from accounts a join clubs_on c on c.k = substr(a.phone_number, 5)::int % c.n
       where a.phone_number like '0188%'`,
    );
    // Memberships: 3-month Classic plans back to back from the join day (91 days apart); one member in
    // five let the last one lapse (it ended before today); one in twenty first left one unpaid (FAIL).
    await step(
      'memberships, payments, fees and provider events',
      `with plan as (
         select distinct on (club_id) id, club_id, original_price, plan_discount, joining_fee, joining_fee_discount
         from payment_plans where type = 'CLASSIC' and duration_value = 3 and duration_unit = 'month' order by club_id, id),
       wanted as (
         select m.account_id, m.g, m.club_id, j, p.id as plan_id, p.original_price, p.plan_discount,
                case when j = 0 then p.joining_fee else 0 end as joining_fee, case when j = 0 then p.joining_fee_discount else 0 end as joining_fee_discount,
                (current_date - m.joined_days_ago + 91 * j) as start_day,
                case when m.g % 2 = 0 then 1 else 2 end as method
         from seed_members m join plan p on p.club_id = m.club_id
         cross join lateral generate_series(0, greatest(0, ceil(m.joined_days_ago / 91.0)::int - 1 - case when m.g % 5 = 0 and m.joined_days_ago > 91 then 1 else 0 end)) j),
       c as (
         insert into contracts (account_id, club_id, payment_plan_id, payment_state, start_date, end_date, signed_at, payment_method_group_id,
                                original_price, membership_discount, joining_fee, joining_fee_discount, total_payment, created_at)
         select account_id, club_id, plan_id, 'PAID', to_char(start_day, 'YYYY-MM-DD'), to_char(start_day + 90, 'YYYY-MM-DD'),
                (start_day - 1) + time '03:05', method, original_price, plan_discount, joining_fee, joining_fee_discount,
                original_price - plan_discount + joining_fee - joining_fee_discount, (start_day - 1) + time '03:00'
         from wanted
         returning id, account_id, payment_method_group_id, original_price, membership_discount, joining_fee, joining_fee_discount, total_payment, signed_at, created_at),
       p as (
         insert into payments (contract_id, account_id, method, provider, reference, amount, status, expires_at, paid_at, provider_transaction_id, created_at)
         select id, account_id, payment_method_group_id, case when payment_method_group_id = 1 then 'vietqr' else 'vnpay' end, 'SEED' || id, total_payment,
                'SUCCESS', created_at + interval '15 minutes', signed_at, 'SEEDTX' || id, created_at
         from c
         returning id, contract_id, account_id, method, provider, amount, paid_at, created_at),
       t as (
         insert into transactions (contract_id, account_id, type, payment_method, payment_location, amount, status, payment_id, paid_at, created_at)
         select c.id, c.account_id, f.type, p.method, 2, f.amount, 'SUCCESS', p.id, p.paid_at, c.created_at
         from c join p on p.contract_id = c.id
         cross join lateral (values ('MEMBERSHIP_FEE', c.original_price - c.membership_discount), ('JOINING_FEE', c.joining_fee - c.joining_fee_discount)) f(type, amount)
         where f.type = 'MEMBERSHIP_FEE' or c.joining_fee > 0
         returning 1)
       insert into payment_events (provider, external_id, payment_id, amount, description, outcome, raw, created_at)
       select case when provider = 'vietqr' then 'casso' else 'vnpay' end, 'SEED' || id, id, amount, 'seed', 'matched', '{}'::jsonb, paid_at
       from p`,
    );
    await step(
      'unpaid memberships left to expire (FAIL)',
      `with plan as (select distinct on (club_id) id, club_id, original_price, plan_discount, joining_fee, joining_fee_discount
                     from payment_plans where type = 'CLASSIC' and duration_value = 3 and duration_unit = 'month' order by club_id, id),
       c as (
         insert into contracts (account_id, club_id, payment_plan_id, payment_state, start_date, end_date, payment_method_group_id,
                                original_price, membership_discount, joining_fee, joining_fee_discount, total_payment, closed_at, closed_reason, created_at)
         select m.account_id, m.club_id, p.id, 'FAIL', to_char(current_date - m.joined_days_ago, 'YYYY-MM-DD'), to_char(current_date - m.joined_days_ago + 90, 'YYYY-MM-DD'),
                1, p.original_price, p.plan_discount, p.joining_fee, p.joining_fee_discount,
                p.original_price - p.plan_discount + p.joining_fee - p.joining_fee_discount,
                (current_date - m.joined_days_ago - 2) + time '03:15', 'EXPIRED', (current_date - m.joined_days_ago - 2) + time '03:00'
         from seed_members m join plan p on p.club_id = m.club_id where m.g % 20 = 0
         returning id, account_id, total_payment, created_at)
       insert into payments (contract_id, account_id, method, provider, reference, amount, status, expires_at, created_at)
       select id, account_id, 1, 'vietqr', 'SEEDX' || id, total_payment, 'EXPIRED', created_at + interval '15 minutes', created_at from c`,
    );
    // A rating request per paid membership, as settling one makes (ADR 039): answered or dismissed,
    // but those paid in the last two weeks still pending. (Without them the planner, seeing a table of
    // a few rows, joined the shell's pending rating to contracts by a merge over all of them.)
    await step(
      'rating requests',
      `insert into rating_requests (account_id, type, contract_id, status, rate, created_at)
       select c.account_id, 'contract', c.id,
              case when c.signed_at > now() - interval '14 days' then 'pending' when c.id % 10 < 3 then 'rated' else 'ignored' end,
              case when c.signed_at <= now() - interval '14 days' and c.id % 10 < 3 then 4 + c.id % 2 end, c.signed_at
       from contracts c join seed_members m on m.account_id = c.account_id
       where c.payment_state = 'PAID'`,
    );
    // Visits: VISITS_PER_WEEK a week on average while a membership ran (to yesterday), 05:00–22:00 Vietnam time.
    await step(
      'visits',
      `insert into visits (account_id, club_id, time_step, checked_in_at)
       select c.account_id, c.club_id, floor(extract(epoch from v.at) / 30)::bigint, v.at
       from contracts c join seed_members m on m.account_id = c.account_id
       cross join lateral (select least(c.end_date::date, current_date - 1) - c.start_date::date + 1 as days) d
       cross join lateral generate_series(1, greatest(0, floor(d.days * $1::float8 / 7)::int)) k
       cross join lateral (select (c.start_date::date + floor(random() * d.days)::int + time '05:00' + random() * interval '17 hours') at time zone 'Asia/Ho_Chi_Minh' as at) v
       where c.payment_state = 'PAID' and d.days > 0`,
      [VISITS_PER_WEEK],
    );
    // Classes: a year of past sessions of every weekly timetable, 60 % full on average, a tenth cancelled by the member.
    await step(
      'past class sessions',
      `insert into class_sessions (schedule_id, club_id, class_type_id, instructor_account_id, room_id, starts_at, ends_at, capacity)
       select s.id, s.club_id, s.class_type_id, s.instructor_account_id, s.room_id, st.at, st.at + t.duration_minutes * interval '1 minute', s.capacity
       from class_schedules s join class_types t on t.id = s.class_type_id
       cross join generate_series(current_date - 365, current_date - 2, interval '1 day') d
       cross join lateral (select (d::date + s.start_minute * interval '1 minute') at time zone 'Asia/Ho_Chi_Minh' as at) st
       where s.is_active and extract(isodow from d) = s.weekday
       on conflict (schedule_id, starts_at) do nothing`,
    );
    // Each club's members numbered, indexed: a booking picks its member by number in O(log n).
    await step(
      'club member numbers',
      `create temp table seed_club_members on commit drop as
       select club_id, account_id, row_number() over (partition by club_id order by account_id) - 1 as rn from seed_members`,
    );
    await client.query('create index on seed_club_members (club_id, rn)');
    await client.query('analyze seed_club_members');
    await step(
      'past class bookings',
      `with club_size as (select club_id, count(*) as n from seed_members group by club_id),
       past as (select id, club_id, capacity, starts_at from class_sessions where starts_at < now() - interval '1 day' and starts_at > now() - interval '366 days')
       insert into class_bookings (session_id, account_id, status, created_at, cancelled_at)
       select p.id, cm.account_id, case when j % 10 = 0 then 'CANCELLED' else 'BOOKED' end, p.starts_at - interval '1 day',
              case when j % 10 = 0 then p.starts_at - interval '5 hours' end
       from past p join club_size cs on cs.club_id = p.club_id
       cross join lateral generate_series(1, (p.capacity * (0.3 + 0.6 * random()))::int) j
       join seed_club_members cm on cm.club_id = p.club_id and cm.rn = (p.id::bigint * 31 + j * 7919) % cs.n
       on conflict do nothing`,
    );
    await step(
      'class spot counts',
      `update class_sessions s set booked_count = b.n
       from (select session_id, count(*) as n from class_bookings where status = 'BOOKED' group by session_id) b
       where b.session_id = s.id and s.starts_at < now() - interval '1 day' and s.booked_count <> b.n`,
    );
    // Notifications: NOTIFICATIONS a year per member since they joined, all read but the last two.
    await step(
      'notifications',
      `insert into notifications (id, account_id, kind, title_vi, title_en, body_vi, body_en, link, created_at, read_at)
       select md5(m.account_id::text || '.' || k || '.' || random()::text), m.account_id,
              (array['PAYMENT', 'MEMBERSHIP', 'GENERAL', 'PROMOTION', 'ACCOUNT'])[1 + k % 5],
              'Thông báo ' || k, 'Notice ' || k, 'Nội dung thông báo số ' || k || ' của câu lạc bộ.', 'The club''s notice number ' || k || '.', null, n.at,
              case when k <= greatest(1, ceil(m.joined_days_ago * $1::float8 / 365))::int - 2 then n.at + interval '3 hours' end
       from seed_members m
       cross join lateral generate_series(1, greatest(1, ceil(m.joined_days_ago * $1::float8 / 365))::int) k
       cross join lateral (select now() - m.joined_days_ago * interval '1 day' + (k - 1) * (m.joined_days_ago * interval '1 day' / greatest(1, ceil(m.joined_days_ago * $1::float8 / 365))) + interval '1 hour' as at) n`,
      [NOTIFICATIONS],
    );
    for (const { indexname, indexdef } of indexes) {
      const t = performance.now();
      await client.query(indexdef);
      log(`index ${indexname} built (${((performance.now() - t) / 1000).toFixed(1)} s)`);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
  await step('analyze', 'analyze');

  const { rows: sizes } = await client.query(
    `select c.relname as table, c.reltuples::bigint as rows, pg_total_relation_size(c.oid) as bytes
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r' order by pg_total_relation_size(c.oid) desc limit 12`,
  );
  const size = (await client.query('select pg_database_size(current_database())::bigint as b')).rows[0].b;
  log(
    `done in ${((performance.now() - started) / 1000).toFixed(0)} s; database ${(Number(sizeBefore) / 1e6).toFixed(0)} MB → ${(Number(size) / 1e6).toFixed(0)} MB`,
  );
  for (const s of sizes)
    log(
      `  ${s.table.padEnd(22)} ${String(s.rows).padStart(10)} rows ${(Number(s.bytes) / 1e6).toFixed(1).padStart(8)} MB`,
    );
  await client.end();
}

main().catch((error) => {
  console.error(`seed-scale │ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
