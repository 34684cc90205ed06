export type SmsMessage = { phone: string; text: string; requestId: string };
export type SmsSender = { name: string; send(message: SmsMessage): Promise<void> };
export class SmsDeliveryError extends Error {
  constructor(
    message: string,
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}
