import type { Logger } from 'pino';
import type { AccountType } from '#api/account.ts';
import type { Lang } from '#api/codes.ts';
import type { Clock } from '#gateway/clock.ts';
import type { GatewayConfig } from '#gateway/config.ts';
import type { Database } from '#gateway/db/client.ts';
import type { PushSender } from '#gateway/providers/push/port.ts';
import type { SmsSender } from '#gateway/providers/sms/port.ts';

/** Everything a request handler may use; built once at start, replaced in tests. */
export type Deps = {
  db: Database;
  clock: Clock;
  sms: SmsSender;
  push: PushSender;
  config: GatewayConfig;
  logger: Logger;
  /** Outgoing HTTP of the sandboxes (e.g. the simulated bank webhook); tests route it into the app. Default: global fetch. */
  fetch?: typeof globalThis.fetch;
  /** True once the process is stopping (SIGTERM): /readyz answers 503 and connections are not kept (ADR 053). */
  draining?: () => boolean;
  /** The PostgreSQL pool's connections (/metrics); none on PGlite. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** False while the process warms up after its start (ADR 068): /readyz answers 503 "warming". Absent: ready. */
  warm?: () => boolean;
};

export type CurrentAccount = { id: number; accountType: AccountType; tokenId: number };

export type AppEnv = {
  Variables: {
    deps: Deps;
    requestId: string;
    lang: Lang;
    clientIp: string;
    account: CurrentAccount;
    /** Set by optionalAccount(): the signed-in member, or null. */
    maybeAccount: CurrentAccount | null;
  };
};
