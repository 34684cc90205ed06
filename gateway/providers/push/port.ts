/** Where a browser asked to be woken: its push-service endpoint and the keys to encrypt for it. */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

export type PushMessage = { accountId: number; target: PushTarget; payload: string };

/** 'gone': the push service answered 404/410, the subscription is dead and should be dropped. */
export type PushOutcome = 'sent' | 'gone';

export type PushSender = {
  name: string;
  /** The VAPID application server key (base64url) browsers subscribe with. */
  publicKey: string;
  send(message: PushMessage): Promise<PushOutcome>;
};

export class PushDeliveryError extends Error {
  constructor(
    message: string,
    readonly statusCode?: number,
  ) {
    super(message);
    this.name = 'PushDeliveryError';
  }
}
