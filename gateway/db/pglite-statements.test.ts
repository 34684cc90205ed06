import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { withNamedStatements } from './pglite-statements.ts';

let client: PGlite;
let named: PGlite;

// drizzle's PGlite driver reads timestamps and dates as text (what it passes as parsers).
const drizzleLike = {
  rowMode: 'array' as const,
  parsers: { [types.TIMESTAMPTZ]: (v: string) => v, [types.DATE]: (v: string) => v },
};

beforeAll(async () => {
  client = new PGlite();
  await client.exec(`
    create table things (id serial primary key, name text not null, at timestamptz, day date, data json, price bigint);
    insert into things (name, at, day, data, price) values
      ('một', '2026-11-25T10:00:00Z', '2026-11-25', '{"a":1}', 6490000),
      ('two', null, null, null, null);
  `);
  named = withNamedStatements(client, 3);
});

afterAll(async () => {
  await client.close();
});

const prepared = async () =>
  (
    await client.query<{ name: string; statement: string }>(
      `select name, statement from pg_prepared_statements order by name`,
    )
  ).rows;

test('a SELECT answers exactly as PGlite.query() does, in both row modes and with the caller’s parsers', async () => {
  const text =
    'select id, name, at, day, data, price from things where id >= $1 and ($2::text is null or name = $2) order by id';
  for (const options of [undefined, drizzleLike, { rowMode: 'object' as const }]) {
    for (const params of [
      [1, null],
      [1, 'một'],
      [2, undefined],
    ]) {
      const expected = await client.query(text, params, options);
      const actual = await named.query(text, params, options);
      expect(actual.rows).toEqual(expected.rows);
      expect(actual.fields).toEqual(expected.fields);
    }
  }
});

test('each SELECT text is parsed once, then only bound and executed', async () => {
  const text = 'select count(*)::int as n from things where name <> $1';
  for (let i = 0; i < 5; i++) expect((await named.query<{ n: number }>(text, ['x'])).rows).toEqual([{ n: 2 }]);
  expect((await prepared()).filter((s) => s.statement === text)).toHaveLength(1);
});

test('at most `max` statements are kept: the least recently used one is closed', async () => {
  const texts = [1, 2, 3, 4, 5].map((n) => `select ${String(n)} as n, $1::int as p`);
  for (const text of texts) await named.query(text, [1]);
  await named.query(texts[2], [1]); // used again: now the most recent
  await named.query('select 6 as n, $1::int as p', [1]);
  const kept = (await prepared()).map((s) => s.statement);
  expect(kept).toHaveLength(3);
  expect(kept).toEqual(expect.arrayContaining([texts[2], texts[4], 'select 6 as n, $1::int as p']));
});

test('writes, and anything inside a transaction, go to PGlite as they are (no named statement)', async () => {
  const before = (await prepared()).length;
  await named.query(`insert into things (name) values ($1)`, ['ba']);
  await named.transaction(async (tx) => {
    await tx.query(`select name from things where name = $1`, ['ba']);
  });
  await named.query(`delete from things where name = $1`, ['ba']);
  expect((await prepared()).length).toBe(before);
});

test('a read waits for an open transaction instead of running inside it', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const transaction = named.transaction(async (tx) => {
    await tx.query(`insert into things (name) values ('uncommitted')`);
    await held;
    await tx.rollback();
  });
  await new Promise((resolve) => setTimeout(resolve, 20));
  const read = named.query<{ n: number }>(`select count(*)::int as n from things where name = $1`, ['uncommitted']);
  let answered = false;
  void read.then(() => (answered = true));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(answered).toBe(false);
  release();
  await transaction;
  expect((await read).rows).toEqual([{ n: 0 }]);
});

test('a refused value fails like PGlite.query() and leaves the statement usable', async () => {
  const text = 'select name from things where id = $1';
  await expect(named.query(text, ['not a number'])).rejects.toMatchObject({ code: '22P02', query: text });
  await expect(named.query('select nothing from nowhere where id = $1', [1])).rejects.toMatchObject({ code: '42P01' });
  expect((await named.query<{ name: string }>(text, [1])).rows).toEqual([{ name: 'một' }]);
});

test('a statement whose table changed under it is prepared again', async () => {
  const text = 'select * from things where id = $1';
  expect(Object.keys((await named.query<Record<string, unknown>>(text, [1])).rows[0])).not.toContain('note');
  await client.exec(`alter table things add column note text`);
  expect(Object.keys((await named.query<Record<string, unknown>>(text, [1])).rows[0])).toContain('note');
});

test('everything else of PGlite is there, called on the real instance', async () => {
  expect(named).toBeInstanceOf(PGlite);
  expect((await named.exec('select 1 as one'))[0].rows).toEqual([{ one: 1 }]);
  expect(named.ready).toBe(true);
});

test('once closed, a read is refused like PGlite.query() refuses it', async () => {
  const other = new PGlite();
  const wrapped = withNamedStatements(other);
  expect((await wrapped.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
  await other.close();
  await expect(wrapped.query('select 1 as one')).rejects.toThrow('PGlite is closed');
});
