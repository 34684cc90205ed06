import pino, { type DestinationStream } from 'pino';

/** The web server's log (ADR 070): pino JSON lines as the gateway writes them, with `service: web`. */
export function createWebLogger(destination?: DestinationStream) {
  const options = { level: process.env.LOG_LEVEL ?? 'info', base: { service: 'web' } };
  return destination ? pino(options, destination) : pino(options);
}

export const webLogger = createWebLogger();
