// Serves the bare app (build/bench-bare) the way app/server/http-server.ts serves ours: Express,
// compression, the hashed assets with a year of cache, and React Router's request handler.
// Usage: node scripts/bench/bare-app/server.mjs <port>   (prints "listening" when ready)
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express from 'express';

const buildDir = path.resolve(import.meta.dirname, '../../../build/bench-bare');
const build = await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href);
const app = express();
app.disable('x-powered-by');
app.use(compression());
app.use(
  '/assets',
  express.static(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y', index: false }),
);
app.use(express.static(path.join(buildDir, 'client'), { maxAge: '1h', index: false }));
app.all('*splat', createRequestHandler({ build, mode: 'production' }));
const server = app.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => {
  console.log(`listening ${String(/** @type {import('node:net').AddressInfo} */ (server.address()).port)}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
