import type { Shape } from '#api/translate.ts';
import type { vi } from '#app/locales/vi/index.ts';
import { shell } from './shell.ts';
import { auth } from './auth.ts';
import { home } from './home.ts';
import { notifications } from './notifications.ts';
import { account } from './account.ts';
import { membership } from './membership.ts';
import { directory } from './directory.ts';
import { guide } from './guide.ts';
import { purchase } from './purchase.ts';
import { payments } from './payments.ts';
import { history } from './history.ts';
import { contracts } from './contracts.ts';
import { receipts } from './receipts.ts';
import { platform } from './platform.ts';
import { prompts } from './prompts.ts';
import { gift } from './gift.ts';
import { busyness } from './busyness.ts';
import { newcomer } from './newcomer.ts';
import { classes } from './classes.ts';
import { classCards } from './classCards.ts';
import { referral } from './referral.ts';
import { subscription } from './subscription.ts';
import { freeze } from './freeze.ts';
import { feedback } from './feedback.ts';
import { workouts } from './workouts.ts';
import { inbody } from './inbody.ts';
import { pt } from './pt.ts';
import { staff } from './staff.ts';
import { staffToday } from './staffToday.ts';
import { staffCash } from './staffCash.ts';
import { staffAgenda } from './staffAgenda.ts';
import { staffTrials } from './staffTrials.ts';
import { staffAudit } from './staffAudit.ts';
import { staffInbox } from './staffInbox.ts';
import { staffPayments } from './staffPayments.ts';
import { staffScanner } from './staffScanner.ts';
import { staffClasses } from './staffClasses.ts';
import { staffNotify } from './staffNotify.ts';
import { staffTeam } from './staffTeam.ts';
import { staffSettings } from './staffSettings.ts';

/** English: every domain's texts, in step with vi (ADR 020). */
export const en: Shape<typeof vi> = {
  ...shell,
  ...auth,
  ...home,
  ...notifications,
  ...account,
  ...membership,
  ...directory,
  ...guide,
  ...purchase,
  ...payments,
  ...history,
  ...contracts,
  ...receipts,
  ...platform,
  ...prompts,
  ...gift,
  ...busyness,
  ...newcomer,
  ...classes,
  ...classCards,
  ...referral,
  ...subscription,
  ...freeze,
  ...feedback,
  ...workouts,
  ...inbody,
  ...pt,
  ...staff,
  ...staffToday,
  ...staffCash,
  ...staffAgenda,
  ...staffTrials,
  ...staffAudit,
  ...staffInbox,
  ...staffPayments,
  ...staffScanner,
  ...staffClasses,
  ...staffNotify,
  ...staffTeam,
  ...staffSettings,
};
