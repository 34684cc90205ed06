import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const publicUrl = process.env.PUBLIC_URL ?? 'http://localhost:3000';
const isHttps = publicUrl.startsWith('https://');

/**
 * A demo machine gets a generated secret kept in ./data so sessions survive restarts;
 * a public https deployment must be given SESSION_SECRET.
 */
function sessionSecrets(): string[] {
  const fromEnv = process.env.SESSION_SECRET?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (fromEnv?.length) return fromEnv;
  if (isHttps)
    throw new Error('SESSION_SECRET is required when PUBLIC_URL is https (comma-separated list, newest first).');
  const file = path.resolve(process.env.DATA_DIR ?? './data', 'session-secret');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return [readFileSync(file, 'utf8').trim()];
}

/**
 * The secret that lets the gateway believe the member address we pass on (x-client-ip). `npm start`
 * generates one into ./data for both servers; a public https deployment must be given it.
 */
function gatewayInternalSecret(): string | undefined {
  const secret = process.env.GATEWAY_INTERNAL_SECRET?.trim();
  if (secret) return secret;
  if (isHttps)
    throw new Error(
      'GATEWAY_INTERNAL_SECRET is required when PUBLIC_URL is https (the same value as the gateway has).',
    );
  return undefined;
}

export const webConfig = {
  gatewayUrl: (process.env.GATEWAY_URL ?? 'http://127.0.0.1:4000').replace(/\/$/, ''),
  publicUrl,
  // https deployments get Secure, __Host- cookies and HSTS; plain-http demos cannot keep Secure cookies.
  secure: isHttps,
  sessionSecrets: sessionSecrets(),
  gatewayInternalSecret: gatewayInternalSecret(),
  gatewayTimeoutMs: Number(process.env.GATEWAY_TIMEOUT_MS ?? 10_000),
};
