// `npm run db:seed`: applies migrations and the idempotent demo data to the gateway's database.
import { ConfigError, loadGatewayConfig } from '#gateway/config.ts';
import { openDatabase } from '#gateway/db/client.ts';
import { DatabaseLockedError } from '#gateway/db/lock.ts';
import { countSeeded, seedDatabase } from '#gateway/db/seed.ts';

async function main() {
  const config = loadGatewayConfig();
  // Opened exactly as gateway/server.ts does, so the seed lands where the gateway reads.
  const handle = config.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, migrationsDir: config.MIGRATIONS_DIR })
    : await openDatabase({ kind: 'pglite', dataDir: config.PGLITE_DIR, migrationsDir: config.MIGRATIONS_DIR });
  try {
    await seedDatabase(handle.db);
    const clubs = await countSeeded(handle.db);
    const where = handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.PGLITE_DIR}`;
    console.log(`Seeded ${where}: ${clubs} active clubs.`);
  } finally {
    await handle.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
