import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './gateway/db/schema/index.ts',
  out: './gateway/db/migrations',
});
