/** The database schema, one file per domain (ADR 020); drizzle-kit and the client read this index. */
export * from './clubs.ts';
export * from './content.ts';
export * from './media.ts';
export * from './accounts.ts';
export * from './limits.ts';
export * from './notifications.ts';
export * from './providers.ts';
export * from './gifts.ts';
export * from './plans.ts';
export * from './contracts.ts';
export * from './payments.ts';
export * from './check-ins.ts';
export * from './classes.ts';
export * from './freezes.ts';
export * from './referrals.ts';
export * from './subscriptions.ts';
export * from './feedback.ts';
