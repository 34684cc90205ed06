import { createContext } from 'react-router';
import { memberShellSchema, type MemberShell } from '#contract/auth.ts';
import { memberHomeSchema, type HomePageContracts, type MemberHome } from '#contract/membership.ts';
import {
  classScreenSchema,
  classesScreenSchema,
  todayClassesScreenSchema,
  type ClassScreen,
  type ClassesScreen,
  type HomeClasses,
  type TodayClassesScreen,
} from '#contract/classes.ts';
import { z } from 'zod';
import { giftScreenSchema, type GiftScreen } from '#contract/gift.ts';
import { freezeDetailSchema, freezeScreenSchema, type FreezeDetail, type FreezeScreen } from '#contract/freeze.ts';
import { freezeQuery } from '#app/freezes/freeze-query.ts';
import { referralScreenSchema, type ReferralScreen } from '#contract/referral.ts';
import {
  subscriptionScreenReadSchema,
  yourPlanReadSchema,
  type SubscriptionScreen,
  type YourPlanScreen,
} from '#app/subscription/subscription-read.server.ts';
import type { ClubBusyness } from '#contract/clubs.ts';
import { GatewayError, gatewayClient, isGatewayUnavailable } from '#app/server/gateway.server.ts';
import { formatDate } from '#contract/format.ts';
import { ratingPromptOf, type RatingPrompt } from '#app/ratings/rating-prompt.server.ts';
import { getSession } from '#app/server/session.server.ts';
import type { GiftBadge } from './gift-badge.ts';
import { inbodyScreenSchema, type InbodyScreen } from '#contract/inbody.ts';
import {
  eContractSchema,
  freeSessionScreenSchema,
  ptBookingScreenSchema,
  ptContractScreenSchema,
  ptPlansScreenSchema,
  ptScreenSchema,
  ptSelectScreenSchema,
  type EContract,
  type FreeSessionScreen,
  type PtBookingScreen,
  type PtContract,
  type PtContractDetail,
  type PtPlansScreen,
  type PtSelectScreen,
  type TrialSummary,
} from '#contract/pt.ts';
import { bookingQuery, freeSessionQuery } from '#app/pt/booking-query.ts';
import {
  workoutLessonScreenSchema,
  workoutScreenSchema,
  workoutTypeScreenSchema,
  type WorkoutLessonScreen,
  type WorkoutScreen,
  type WorkoutTypeScreen,
} from '#contract/workouts.ts';

type Args = Parameters<typeof gatewayClient>[0];

const classesScreenReadSchema = z.object({ shell: memberShellSchema, classes: classesScreenSchema });
const classScreenReadSchema = z.object({ shell: memberShellSchema, class: classScreenSchema });
const todayClassesReadSchema = z.object({ shell: memberShellSchema, today: todayClassesScreenSchema });
const giftReadSchema = z.object({ shell: memberShellSchema, gift: giftScreenSchema });
const freezeRequestReadSchema = z.object({ shell: memberShellSchema, freeze: freezeScreenSchema });
const freezeDetailReadSchema = z.object({ shell: memberShellSchema, freeze: freezeDetailSchema });
const referralReadSchema = z.object({ shell: memberShellSchema, referral: referralScreenSchema });
const ptReadSchema = ptScreenSchema.extend({ shell: memberShellSchema });
const ptSelectReadSchema = ptSelectScreenSchema.extend({ shell: memberShellSchema });
const ptPlansReadSchema = ptPlansScreenSchema.extend({ shell: memberShellSchema });
const ptContractReadSchema = ptContractScreenSchema.extend({ shell: memberShellSchema });
const ptBookingReadSchema = ptBookingScreenSchema.extend({ shell: memberShellSchema });
const freeSessionReadSchema = freeSessionScreenSchema.extend({ shell: memberShellSchema });
const eContractsReadSchema = z.object({ shell: memberShellSchema, eContracts: z.array(eContractSchema) });
const eContractReadSchema = z.object({ shell: memberShellSchema, eContract: eContractSchema });

export type ShellData = {
  unreadCount: number;
  gift: GiftBadge | null;
  fullName: string | null;
  rating: RatingPrompt | null;
};

/** What one signed-in page reads from the gateway: always the shell, and the page's own data on the screens that have an aggregate. */
export type MemberRead = {
  shell: MemberShell;
  homePage?: HomePageContracts;
  busyness?: ClubBusyness | null;
  /** /home: the next booked class and today's (issue 11 §5). */
  classes?: HomeClasses;
  /** /home: the member's free PT sessions (issue 37 §5). */
  trial?: MemberHome['trial'];
  /** /class */
  classesScreen?: ClassesScreen;
  /** /class/{id} */
  classScreen?: ClassScreen;
  /** /home/today-classes */
  todayClasses?: TodayClassesScreen;
  /** /gift (issue 12 §3) */
  giftScreen?: GiftScreen;
  /** /membership/freeze/payment (issue 12 §1) */
  freezeRequestScreen?: FreezeScreen;
  /** /membership/freeze/payment/result/{id} and /history/freeze/{id} */
  freezeScreen?: FreezeDetail;
  /** /home/referral (issue 12 §4) */
  referralScreen?: ReferralScreen;
  /** /home/your-plan (issue 12 §2: with the subscription) */
  yourPlanScreen?: YourPlanScreen;
  /** /membership/subscription/verify-upgrade, /account/information/payment-method/subscription-card */
  subscriptionScreen?: SubscriptionScreen;
  /** /workout (issue 15) */
  workoutScreen?: Omit<WorkoutScreen, 'shell'>;
  /** /workout/type/{id} and /workout/newbie (the programme, as a type) */
  workoutTypeScreen?: Omit<WorkoutTypeScreen, 'shell'>;
  /** /workout/type/{id}/lesson/{id} and its player …/exercise/{id} */
  workoutLessonScreen?: Omit<WorkoutLessonScreen, 'shell'>;
  /** /inbody (issue 14) */
  inbodyScreen?: Omit<InbodyScreen, 'shell'>;
  /** /pt (issue 13) */
  ptScreen?: { contracts: PtContract[]; trial: TrialSummary };
  /** /pt/select-pt */
  ptSelectScreen?: PtSelectScreen;
  /** /pt/select-pt/plans/{ptId}/club/{clubId} */
  ptPlansScreen?: PtPlansScreen;
  /** /pt/payment/result/{id} and /history/pt/{id} */
  ptContractScreen?: PtContractDetail;
  /** /pt/booking */
  ptBookingScreen?: PtBookingScreen;
  /** /pt/free-session (ADR 048) */
  freeSessionScreen?: FreeSessionScreen;
  /** /pt/contract */
  eContractsScreen?: EContract[];
  /** /pt/contract/{id}/preview and …/sign */
  eContractScreen?: EContract;
};

/**
 * Issue 18: ONE gateway round trip per signed-in page. A screen whose page data comes with the
 * shell from one aggregate endpoint is listed here by its path; any other page gets the shell
 * from /member/shell (and makes its own call for its data).
 */
type Call = ReturnType<typeof gatewayClient>;
const SCREEN_READS: { path: RegExp; read: (call: Call, url: URL, match: RegExpExecArray) => Promise<MemberRead> }[] = [
  { path: /^\/home$/, read: async (call) => (await call('/api/v1/member/home', memberHomeSchema)).data },
  {
    path: /^\/class$/,
    read: async (call, url) => {
      // The page's filters, passed on as the gateway names them (it checks them and falls back).
      const query = new URLSearchParams();
      for (const [from, to] of [
        ['club', 'clubId'],
        ['date', 'date'],
        ['type', 'classTypeId'],
      ] as const) {
        const value = url.searchParams.get(from);
        if (value && /^[\d-]{1,10}$/.test(value)) query.set(to, value);
      }
      const { shell, classes } = (
        await call(`/api/v1/member/screens/classes?${query.toString()}`, classesScreenReadSchema)
      ).data;
      return { shell, classesScreen: classes };
    },
  },
  {
    path: /^\/class\/(\d{1,9})$/,
    read: async (call, _url, match) => {
      const { shell, class: classScreen } = (
        await call(`/api/v1/member/screens/class/${match[1]}`, classScreenReadSchema)
      ).data;
      return { shell, classScreen };
    },
  },
  {
    path: /^\/home\/today-classes$/,
    read: async (call) => {
      const { shell, today } = (await call('/api/v1/member/screens/today-classes', todayClassesReadSchema)).data;
      return { shell, todayClasses: today };
    },
  },
  {
    path: /^\/membership\/freeze\/payment$/,
    read: async (call, url) => {
      // The page's choice so far, as the gateway names it.
      const { contractId, days, start } = freezeQuery(url);
      const query = days && start ? `?days=${days}&startDate=${start}` : '';
      const { shell, freeze } = (
        await call(`/api/v1/member/screens/freeze/${contractId}${query}`, freezeRequestReadSchema)
      ).data;
      return { shell, freezeRequestScreen: freeze };
    },
  },
  {
    path: /^\/(?:membership\/freeze\/payment\/result|history\/freeze)\/(\d{1,9})$/,
    read: async (call, _url, match) => {
      const { shell, freeze } = (
        await call(`/api/v1/member/screens/freeze-contract/${match[1]}`, freezeDetailReadSchema)
      ).data;
      return { shell, freezeScreen: freeze };
    },
  },
  {
    path: /^\/gift$/,
    read: async (call) => {
      const { shell, gift } = (await call('/api/v1/member/screens/gift', giftReadSchema)).data;
      return { shell, giftScreen: gift };
    },
  },
  {
    path: /^\/home\/referral$/,
    read: async (call) => {
      const { shell, referral } = (await call('/api/v1/member/screens/referral', referralReadSchema)).data;
      return { shell, referralScreen: referral };
    },
  },
  {
    path: /^\/home\/your-plan$/,
    read: async (call) => {
      const { shell, ...yourPlanScreen } = (await call('/api/v1/member/screens/your-plan', yourPlanReadSchema)).data;
      return { shell, yourPlanScreen };
    },
  },
  {
    path: /^\/(?:membership\/subscription\/verify-upgrade|account\/information\/payment-method\/subscription-card)$/,
    read: async (call) => {
      const { shell, ...subscriptionScreen } = (
        await call('/api/v1/member/screens/subscription', subscriptionScreenReadSchema)
      ).data;
      return { shell, subscriptionScreen };
    },
  },
  {
    path: /^\/workout$/,
    read: async (call) => {
      const { shell, ...workoutScreen } = (await call('/api/v1/member/screens/workout', workoutScreenSchema)).data;
      return { shell, workoutScreen };
    },
  },
  {
    path: /^\/workout\/(?:newbie|type\/(\d{1,9}))$/,
    read: async (call, _url, match) => {
      const path = match[1] ? `workout-type/${match[1]}` : 'workout-programme';
      const { shell, ...workoutTypeScreen } = (await call(`/api/v1/member/screens/${path}`, workoutTypeScreenSchema))
        .data;
      return { shell, workoutTypeScreen };
    },
  },
  {
    path: /^\/workout\/type\/\d{1,9}\/lesson\/(\d{1,9})(?:\/exercise\/\d{1,9})?$/,
    read: async (call, _url, match) => {
      const { shell, ...workoutLessonScreen } = (
        await call(`/api/v1/member/screens/workout-lesson/${match[1]}`, workoutLessonScreenSchema)
      ).data;
      return { shell, workoutLessonScreen };
    },
  },
  {
    path: /^\/inbody$/,
    read: async (call) => {
      const { shell, ...inbodyScreen } = (await call('/api/v1/member/screens/inbody', inbodyScreenSchema)).data;
      return { shell, inbodyScreen };
    },
  },
  {
    path: /^\/pt$/,
    read: async (call) => {
      const { shell, ...ptScreen } = (await call('/api/v1/member/screens/pt', ptReadSchema)).data;
      return { shell, ptScreen };
    },
  },
  {
    path: /^\/pt\/select-pt$/,
    read: async (call, url) => {
      const club = url.searchParams.get('club');
      const query = club && /^\d{1,9}$/.test(club) ? `?clubId=${club}` : '';
      const { shell, ...ptSelectScreen } = (await call(`/api/v1/member/screens/pt-select${query}`, ptSelectReadSchema))
        .data;
      return { shell, ptSelectScreen };
    },
  },
  {
    // The plans of a trainer at a club, or one package (…/plan/{ptPackageId}): the same screen.
    path: /^\/pt\/select-pt\/plans\/(\d{1,9})\/(club|plan)\/(\d{1,9})$/,
    read: async (call, _url, match) => {
      const path =
        match[2] === 'club' ? `pt-plans/${match[1]}/club/${match[3]}` : `pt-plan/${match[1]}/plan/${match[3]}`;
      const { shell, ...ptPlansScreen } = (await call(`/api/v1/member/screens/${path}`, ptPlansReadSchema)).data;
      return { shell, ptPlansScreen };
    },
  },
  {
    path: /^\/(?:pt\/payment\/result|history\/pt)\/(\d{1,9})$/,
    read: async (call, _url, match) => {
      const { shell, ptContract } = (await call(`/api/v1/member/screens/pt-contract/${match[1]}`, ptContractReadSchema))
        .data;
      return { shell, ptContractScreen: ptContract };
    },
  },
  {
    path: /^\/pt\/booking$/,
    read: async (call, url) => {
      const query = bookingQuery(url);
      const { shell, ...ptBookingScreen } = (
        await call(`/api/v1/member/screens/pt-booking${query ? `?${query}` : ''}`, ptBookingReadSchema)
      ).data;
      return { shell, ptBookingScreen };
    },
  },
  {
    path: /^\/pt\/free-session$/,
    read: async (call, url) => {
      const query = freeSessionQuery(url);
      const { shell, ...freeSessionScreen } = (
        await call(`/api/v1/member/screens/free-session${query ? `?${query}` : ''}`, freeSessionReadSchema)
      ).data;
      return { shell, freeSessionScreen };
    },
  },
  {
    path: /^\/pt\/contract$/,
    read: async (call) => {
      const { shell, eContracts } = (await call('/api/v1/member/screens/pt-e-contracts', eContractsReadSchema)).data;
      return { shell, eContractsScreen: eContracts };
    },
  },
  {
    path: /^\/pt\/contract\/(\d{1,9})\/preview(?:\/sign)?$/,
    read: async (call, _url, match) => {
      const { shell, eContract } = (await call(`/api/v1/member/screens/pt-e-contract/${match[1]}`, eContractReadSchema))
        .data;
      return { shell, eContractScreen: eContract };
    },
  },
];

const memberReadContext = createContext<Promise<MemberRead> | null>(null);

/**
 * The request's one member read, shared by the main layout's loader and the page's: whichever
 * asks first starts it, the other awaits the same answer.
 */
export function memberRead(args: Args): Promise<MemberRead> {
  let read = args.context.get(memberReadContext);
  if (!read) {
    const call = gatewayClient(args);
    // A client navigation asks /home.data: the same screen.
    const url = new URL(args.request.url);
    const path = url.pathname.replace(/\.data$/, '');
    let screen: Promise<MemberRead> | undefined;
    for (const { path: pattern, read: readScreen } of SCREEN_READS) {
      const match = pattern.exec(path);
      if (match) {
        screen = readScreen(call, url, match);
        break;
      }
    }
    read = screen ?? call('/api/v1/member/shell', memberShellSchema).then((r) => ({ shell: r.data }));
    // Each loader awaits it and handles its failure its own way: never an unhandled rejection here.
    read.catch(() => undefined);
    args.context.set(memberReadContext, read);
  }
  return read;
}

/**
 * The frame of every signed-in page (issue 18): the header's unread dot and gift icon, and the
 * member's name for the pages that greet them (they read it from this layout's data instead of
 * asking again). A failure here only hides them: the page itself still renders.
 */
export async function loadShell(args: Args): Promise<ShellData> {
  const shell = await memberRead(args).then(
    (r) => r.shell,
    (error: unknown) => {
      if (error instanceof GatewayError || isGatewayUnavailable(error)) return null;
      throw error; // a 401 (session expired) and programming errors go to the error boundary
    },
  );
  if (!shell) return { unreadCount: 0, gift: null, fullName: null, rating: null };
  const { unreadCount, gift } = shell;
  const fullName = shell.profile.fullName.trim();
  // Issue 16 §2: the rating prompt rides the page's one read (the shell's pendingRating).
  const rating = ratingPromptOf(args, shell.pendingRating, new URL(args.request.url).pathname.replace(/\.data$/, ''));
  if (!gift) return { unreadCount, gift: null, fullName, rating };
  const session = getSession(args.context);
  // The gift screen shows the gift itself: the popover does not open over it (and counts as seen).
  const onGiftScreen = new URL(args.request.url).pathname.replace(/\.data$/, '') === '/gift';
  const firstTime = !onGiftScreen && session.get('giftHintSeen') !== gift.memberGiftId;
  if (session.get('giftHintSeen') !== gift.memberGiftId) session.set('giftHintSeen', gift.memberGiftId);
  return {
    unreadCount,
    fullName,
    rating,
    gift: { gift, firstTime, expires: gift.expiresAt ? formatDate(gift.expiresAt) : null },
  };
}
