import type { StringsHandle } from '#app/locales/messages.ts';

/** What a page under the main layout may say of itself: its string parts (ADR 030), its back link. */
export type ShellHandle = StringsHandle & { back?: { to: string; label: string } };
