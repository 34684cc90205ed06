import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '#gateway/db/client.ts';
import { seedOnStart } from '#gateway/db/seed.ts';
import { emptyPostgresDatabase } from '#tests/support/gateway.ts';
import { timeLimit } from '#tests/support/time-limit.ts';

// Issue 41 §4 (ADR 070): gateways starting at once on one empty PostgreSQL database migrate one at
// a time under pg_advisory_lock; the others wait, find the migrations applied and the demo data
// seeded, and start. Without the lock, three drizzle migrate() calls race on the same DDL.

const migrationsDir = 'gateway/db/migrations';
const adminUrl = process.env.TEST_DATABASE_URL;
const journal = JSON.parse(readFileSync(`${migrationsDir}/meta/_journal.json`, 'utf8')) as { entries: unknown[] };

describe.skipIf(!adminUrl)('three gateways starting on one empty PostgreSQL at once', () => {
  const handles: DatabaseHandle[] = [];
  let drop = async () => {};
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
    await drop();
  });

  test(
    'one migrates and seeds at a time; every migration is applied once and the demo data once',
    async () => {
      const empty = await emptyPostgresDatabase(adminUrl!);
      drop = empty.drop;
      let inside = 0;
      let most = 0;
      const seeded: string[] = [];
      const atStart = async (db: Database) => {
        most = Math.max(most, ++inside);
        // Long enough that a gateway not waiting for the lock would be seen inside at the same time.
        await new Promise((resolve) => setTimeout(resolve, 200));
        seeded.push(await seedOnStart(db, true));
        inside--;
      };
      const started = await Promise.allSettled(
        [1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: empty.url, migrationsDir, poolSize: 2, atStart })),
      );
      for (const s of started) if (s.status === 'fulfilled') handles.push(s.value);
      expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual([
        'started',
        'started',
        'started',
      ]);
      expect(most).toBe(1);
      expect(seeded.sort()).toEqual(['not empty', 'not empty', 'seeded']);
      const rowsOf = async (db: Database, query: string) =>
        ((await db.execute(query)) as unknown as { rows: Record<string, number>[] }).rows[0]!;
      expect((await rowsOf(handles[0]!.db, 'select count(*)::int as n from drizzle.__drizzle_migrations')).n).toBe(
        journal.entries.length,
      );
      const clubs = await rowsOf(
        handles[1]!.db,
        'select count(*)::int as n, count(distinct slug)::int as slugs from clubs',
      );
      expect(clubs.n).toBe(clubs.slugs);
    },
    timeLimit(120_000),
  );
});
