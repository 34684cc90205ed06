import { data, redirect } from 'react-router';
import type { BodyOf } from '#api/endpoint.ts';
import { inbodyEndpoints } from '#api/endpoints/inbody.ts';
import { z } from 'zod';
import { Codes, messageForCode, type Lang } from '#api/codes.ts';
import { formatDate } from '#api/format.ts';
import {
  INBODY_IMAGE_FIELD,
  inbodyDetectLimitSchema,
  inbodyUnreadableSchema,
  inbodySegments,
  type InbodyConfidence,
  type InbodyLevel,
  type InbodyRecord,
  type InbodySegment,
  type InbodyUnreadableReason,
} from '#api/inbody.ts';
import { validationMessage } from '#api/validation-messages.ts';
import { gatewayFieldErrors } from '#app/feedback/form-errors.server.ts';
import { GatewayError, gatewayClient, PHOTO_READING_TIMEOUT_MS } from '#app/server/gateway.server.ts';
import { getLang } from '#app/server/i18n.server.ts';
import { flashToast, getSession } from '#app/server/session.server.ts';
import { MAX_IMAGE_BYTES, readBoundedForm } from '#app/server/upload.server.ts';
import { inbodyRead } from './inbody.read.server.ts';
import type { ReadArgs } from '#app/server/member-read.server.ts';
import type { KeepsData } from '#app/ui/revalidate.ts';

// Issue 14 §3: the InBody tab's data and forms. Every number is formatted here, in the page's
// language, so the browser only prints (and loads no chart library: the charts are SVG drawn on the
// server, ADR 043).

type Args = Parameters<typeof gatewayClient>[0];

export const inbodyTabs = ['summary', 'detail', 'history'] as const;
export type InbodyTab = (typeof inbodyTabs)[number];
/** The three measures of the summary's cards and the history's charts (§2). */
export const chartMetrics = ['weight', 'skeletalMuscleMass', 'percentBodyFat'] as const;
export type ChartMetric = (typeof chartMetrics)[number];
/** The bars of the detail tab: weight, muscle and fat (§2). */
const barMetrics = ['weight', 'skeletalMuscleMass', 'bodyFatMass'] as const;
type BarMetric = (typeof barMetrics)[number];
/** The fields of the confirm form, in the sheet's order. */
export const formFields = [
  'weight',
  'skeletalMuscleMass',
  'percentBodyFat',
  'bodyFatMass',
  'score',
  'totalBodyWater',
  'protein',
  'minerals',
] as const;
export type FormField = (typeof formFields)[number];

export type Unit = 'kg' | 'percent' | 'points' | 'litre';
/** Total body water is a volume: the sheet prints it in litres (issue 37 item 18). */
const unitOf = (field: FormField | BarMetric): Unit =>
  field === 'percentBodyFat' ? 'percent' : field === 'score' ? 'points' : field === 'totalBodyWater' ? 'litre' : 'kg';

const numberFormat = (lang: Lang) =>
  new Intl.NumberFormat(lang === 'vi' ? 'vi-VN' : 'en-GB', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
/** A value as the sheet prints it, with the page's decimal mark: 72,5 in Vietnamese, 72.5 in English. */
export const formatMeasure = (value: number, lang: Lang) => numberFormat(lang).format(value);
/** A region's value with the decimals the sheet printed (3,17 kg, 104,6 %), not rounded to one (issue 37 item 18). */
const formatSheetValue = (value: number, lang: Lang) =>
  new Intl.NumberFormat(lang === 'vi' ? 'vi-VN' : 'en-GB', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 3,
  }).format(value);
/** What a form field starts with: the value with the page's decimal mark (the gateway takes both), or empty. */
const fieldText = (value: number | null, lang: Lang) =>
  value === null ? '' : lang === 'vi' ? String(value).replace('.', ',') : String(value);

/** Vietnam's calendar day of the measurement, YYYY-MM-DD. */
const dayOf = (iso: string) => formatDate(iso).split('/').reverse().join('-');

export type ChartPoint = { label: string; value: number; text: string };
/** `withYear`: the scans span more than one year, so the dates carry it (fewer of them fit under the chart). */
export type ChartView = { metric: ChartMetric; unit: 'kg' | 'percent'; points: ChartPoint[]; withYear: boolean };

function chartOf(records: InbodyRecord[], metric: ChartMetric, lang: Lang): ChartView {
  const scans = [...records].reverse().filter((r) => r[metric] !== null);
  const dates = scans.map((r) => formatDate(r.measuredAt));
  const withYear = new Set(dates.map((d) => d.slice(6))).size > 1;
  const points = scans.map((r, i) => ({
    label: withYear ? dates[i] : dates[i].slice(0, 5),
    value: r[metric]!,
    text: formatMeasure(r[metric]!, lang),
  }));
  return { metric, unit: metric === 'percentBodyFat' ? 'percent' : 'kg', points, withYear };
}

export type Change = { direction: 'up' | 'down' | 'same'; text: string } | null;
function changeOf(current: number | null, previous: number | null, lang: Lang): Change {
  if (current === null || previous === null) return null;
  const delta = Math.round((current - previous) * 10) / 10;
  return { direction: delta > 0 ? 'up' : delta < 0 ? 'down' : 'same', text: formatMeasure(Math.abs(delta), lang) };
}

export type SegmentView = {
  segment: InbodySegment;
  mass: string | null;
  percent: string | null;
  level: InbodyLevel | null;
};
export type SegmentsView = { kind: 'lean' | 'fat'; rows: SegmentView[] } | { kind: 'fat'; rows: null };

function segmentsOf(record: InbodyRecord, kind: 'lean' | 'fat', lang: Lang): SegmentsView {
  if (kind === 'fat' && !record.fatBodyMass) return { kind, rows: null };
  const rows = inbodySegments.map((segment) => {
    const [mass, percent, level] =
      kind === 'lean'
        ? [
            record.leanBodyMass[`${segment}MuscleMass`],
            record.leanBodyMass[`${segment}MusclePercentage`],
            record.leanBodyMass[`${segment}Status`],
          ]
        : [
            record.fatBodyMass![`${segment}FatMass`],
            record.fatBodyMass![`${segment}FatPercentage`],
            record.fatBodyMass![`${segment}Status`],
          ];
    return {
      segment,
      mass: mass === null ? null : formatSheetValue(mass, lang),
      percent: percent === null ? null : formatSheetValue(percent, lang),
      level,
    };
  });
  return { kind, rows };
}

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** The /inbody page: one read (member/screens/inbody), the tab the address names or the member last used. */
export async function inbodyView(args: ReadArgs) {
  const lang = getLang(args.context);
  const url = new URL(args.request.url);
  const session = getSession(args.context);
  const asked = url.searchParams.get('tab');
  const tab = pick(asked, inbodyTabs, session.get('inbodyTab') ?? 'summary');
  // §2 "the last tab used is remembered": in the session cookie, so the server renders it on reload.
  if (asked && tab !== session.get('inbodyTab')) session.set('inbodyTab', tab);

  const inbodyScreen = await inbodyRead.screen(args);
  const records = inbodyScreen.records; // newest first
  const latest = records[0] ?? null;
  const metric = pick(url.searchParams.get('metric'), chartMetrics, 'weight');

  const summary = latest
    ? {
        date: formatDate(latest.measuredAt),
        cards: chartMetrics.map((m) => ({
          metric: m,
          value: latest[m] === null ? null : formatMeasure(latest[m], lang),
          unit: unitOf(m),
          change: changeOf(latest[m], records[1]?.[m] ?? null, lang),
        })),
        chart: chartOf(records, metric, lang),
      }
    : null;

  const askedRecord = Number(url.searchParams.get('record'));
  const index = Math.max(
    0,
    records.findIndex((r) => r.id === askedRecord),
  );
  const shown = records[index] ?? null;
  const previous = records[index + 1] ?? null;
  const part = url.searchParams.get('part') === 'fat' ? 'fat' : 'lean';
  const detail = shown
    ? {
        id: shown.id,
        date: formatDate(shown.measuredAt),
        position: { index: records.length - index, total: records.length },
        olderId: previous?.id ?? null,
        newerId: records[index - 1]?.id ?? null,
        photoUrl: shown.imageUrl ? `/inbody/photo/${String(shown.id)}` : null,
        score: shown.score,
        bars: barMetrics.map((m) => ({
          metric: m,
          value: shown[m],
          text: shown[m] === null ? null : formatMeasure(shown[m], lang),
          unit: unitOf(m),
          change: previous ? changeOf(shown[m], previous[m], lang) : null,
        })),
        first: previous === null,
        part,
        segments: segmentsOf(shown, part, lang),
        confirmDelete: url.searchParams.get('delete') === '1',
      }
    : null;

  // A read not yet confirmed comes back until it is confirmed or discarded (issue 37 item 18);
  // "Correct" on a saved record opens the same form with its values (§7 update).
  const pending = inbodyScreen.draft;
  const editing = detail && url.searchParams.get('edit') === '1' ? shown : null;
  const form = pending
    ? draftView(pending.record, pending.confidence, lang)
    : editing
      ? draftView(editing, null, lang)
      : null;

  return {
    tab,
    metric,
    form,
    empty: records.length === 0,
    summary,
    detail,
    history: chartMetrics.map((m) => chartOf(records, m, lang)),
  };
}

/** One input of the confirm form: its name (dotted for a region: "leanBodyMass.trunkMuscleMass"), text, error. */
export type FormInput = { name: string; value: string; doubtful: boolean; error: string | null };
/** A region's row of the confirm form: its mass (kg) and its % of the normal, as the sheet printed them. */
export type SegmentInputs = { segment: InbodySegment; mass: FormInput; percent: FormInput };

/**
 * The confirm form as the page shows it: each field's text, whether to check it, its error; and the
 * regions read (lean, and fat on a 570 sheet) so they are checked before they are saved (issue 37
 * item 18). `saved`: a confirmed record being corrected (§7 update), not a new read.
 */
export type DraftView = {
  id: number;
  saved: boolean;
  /** Values typed from the sheet (its photo could not be read, ADR 066): nothing was read, nothing is marked. */
  manual: boolean;
  measuredOn: string;
  fields: (FormInput & { name: FormField; unit: Unit })[];
  segments: { kind: 'lean' | 'fat'; rows: SegmentInputs[] }[];
  formError: string | null;
};

const segmentKeys = (kind: 'lean' | 'fat', segment: InbodySegment) =>
  kind === 'lean'
    ? ([`leanBodyMass.${segment}MuscleMass`, `leanBodyMass.${segment}MusclePercentage`] as const)
    : ([`fatBodyMass.${segment}FatMass`, `fatBodyMass.${segment}FatPercentage`] as const);

/** The region inputs of a record (values) or of a refused form (what was typed, with the gateway's errors). */
function segmentInputs(
  kinds: ('lean' | 'fat')[],
  valueOf: (name: string) => string,
  doubtful: (name: string) => boolean,
  errors: Record<string, string> = {},
): DraftView['segments'] {
  const input = (name: string): FormInput => ({
    name,
    value: valueOf(name),
    doubtful: doubtful(name),
    error: errors[name] ?? null,
  });
  return kinds.map((kind) => ({
    kind,
    rows: inbodySegments.map((segment) => {
      const [mass, percent] = segmentKeys(kind, segment);
      return { segment, mass: input(mass), percent: input(percent) };
    }),
  }));
}

function draftView(
  record: InbodyRecord,
  readConfidence: Record<string, InbodyConfidence> | null,
  lang: Lang,
): DraftView {
  // A draft without a photo is typed by hand (ADR 066): nothing was read, nothing to mark.
  const manual = record.status === 'DRAFT' && record.imageUrl === null;
  // A saved record was checked when it was confirmed: nothing is marked.
  const confidence = manual ? null : readConfidence;
  const doubtful = (name: string) =>
    confidence !== null && confidence[name] !== undefined && confidence[name] !== 'confirmed';
  const regionValue = (name: string) => {
    const [group, key] = name.split('.') as ['leanBodyMass' | 'fatBodyMass', string];
    const value = (record[group] as Record<string, unknown> | null)?.[key];
    return fieldText(typeof value === 'number' ? value : null, lang);
  };
  return {
    id: record.id,
    saved: record.status === 'CONFIRMED',
    manual,
    measuredOn: dayOf(record.measuredAt),
    fields: formFields.map((name) => ({
      name,
      value: fieldText(record[name], lang),
      unit: unitOf(name),
      doubtful: confidence !== null && confidence[name] !== 'confirmed',
      error: null,
    })),
    segments: segmentInputs(record.fatBodyMass ? ['lean', 'fat'] : ['lean'], regionValue, doubtful),
    formError: null,
  };
}

/**
 * What a refused upload shows (ADR 066): `unreadable`, why the photo could not be read (the page
 * says it in words and offers to retake or type the values); `limit`, the photos an hour already
 * sent and the minutes to wait; else `uploadError`, the gateway's message.
 */
export type InbodyActionData = {
  draft: DraftView | null;
  uploadError: string | null;
  unreadable?: InbodyUnreadableReason;
  limit?: { sent: number; minutes: number };
  /** A draft made (read or to type in): the page shows it from this answer without reloading its data (ADR 082). */
  keepsData?: KeepsData['keepsData'];
};

const actionSchema = z.object({ intent: z.enum(['upload', 'manual', 'confirm', 'delete', 'discard']) });

/**
 * The tab's three forms, each working without JavaScript: upload a photo (→ the confirm form with
 * what was read), confirm the draft (PUT update; on a refusal the form comes back as typed, §7
 * "failures leave dialogs unchanged"), delete a record (after its confirmation step).
 */
export async function inbodyAction(args: Args) {
  const lang = getLang(args.context);
  const session = getSession(args.context);
  const call = gatewayClient(args);
  // A photo's upload has begun (its body takes seconds on weak 3G): the gateway starts its OCR thread
  // meanwhile (ADR 085). Not awaited; a failure only means the thread starts with the photo, as before.
  if (args.request.headers.get('content-type')?.startsWith('multipart/form-data'))
    void call(inbodyEndpoints.prepare).catch(() => undefined);
  const { formData, tooLarge } = await readBoundedForm(args.request, MAX_IMAGE_BYTES + 64 * 1024);
  const refuseUpload = (text: string) => data<InbodyActionData>({ draft: null, uploadError: text }, { status: 400 });
  if (tooLarge) return refuseUpload(messageForCode(Codes.FILE_TOO_LARGE, lang));
  const parsed = actionSchema.safeParse({ intent: formData.get('intent') });
  if (!parsed.success) throw data(null, { status: 400 });

  if (parsed.data.intent === 'upload') {
    const image = formData.get(INBODY_IMAGE_FIELD);
    if (!(image instanceof File) || image.size === 0) return refuseUpload(validationMessage('required', lang));
    const upload = new FormData();
    upload.set(INBODY_IMAGE_FIELD, image, image.name || 'inbody.jpg');
    try {
      const { data: detection } = await call(inbodyEndpoints.detect, {
        form: upload,
        timeoutMs: PHOTO_READING_TIMEOUT_MS,
      });
      return {
        draft: draftView(detection.record, detection.confidence, lang),
        uploadError: null,
        keepsData: true,
      } satisfies InbodyActionData;
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      return uploadRefused(error);
    }
  }

  if (parsed.data.intent === 'manual') {
    // The photo could not be read: an empty draft to type the sheet's values into (ADR 066).
    try {
      const { data: started } = await call(inbodyEndpoints.manual);
      return {
        draft: draftView(started.record, null, lang),
        uploadError: null,
        keepsData: true,
      } satisfies InbodyActionData;
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      return refuseUpload(error.text);
    }
  }

  const id = Number(formData.get('id'));
  if (!Number.isInteger(id) || id < 1) throw data(null, { status: 400 });

  if (parsed.data.intent === 'delete' || parsed.data.intent === 'discard') {
    try {
      await call(inbodyEndpoints.remove, { params: { id } });
    } catch (error) {
      if (!(error instanceof GatewayError) || error.status !== 404) throw error;
    }
    // Discarding a read drops the draft and its photo: nothing was saved, so nothing to announce.
    if (parsed.data.intent === 'discard') return redirect('/inbody?tab=summary');
    flashToast(session, { kind: 'success', text: messageForCode(Codes.INBODY_DELETED, lang) });
    return redirect('/inbody?tab=detail');
  }

  // confirm: what the member typed goes back as typed when refused.
  const typedOf = (name: string) => String(formData.get(name) ?? '').slice(0, 20);
  const typed = Object.fromEntries(formFields.map((name) => [name, typedOf(name)])) as Record<FormField, string>;
  const doubtful = new Set(String(formData.get('doubtful') ?? '').split(','));
  const measuredOn = String(formData.get('measuredOn') ?? '');
  const saved = formData.get('saved') === '1';
  const manual = formData.get('manual') === '1';
  const kinds = (['lean', 'fat'] as const).filter((kind) => formData.has(segmentKeys(kind, 'trunk')[0]));
  const body: Record<string, unknown> = { ...typed };
  if (/^\d{4}-\d{2}-\d{2}$/.test(measuredOn)) body.measuredOn = measuredOn;
  // The regions shown in the form go back as typed ("leanBodyMass.trunkMuscleMass" → leanBodyMass.trunkMuscleMass).
  for (const kind of kinds) {
    const group: Record<string, string> = {};
    for (const segment of inbodySegments)
      for (const name of segmentKeys(kind, segment)) group[name.split('.')[1]] = typedOf(name);
    body[kind === 'lean' ? 'leanBodyMass' : 'fatBodyMass'] = group;
  }
  try {
    // As typed: the gateway's validation answers each field's error, shown beside it.
    await call(inbodyEndpoints.update, { params: { id }, json: body as BodyOf<typeof inbodyEndpoints.update> });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    const byField = gatewayFieldErrors(error.fieldErrors) ?? {};
    const draft: DraftView = {
      id,
      saved,
      manual,
      measuredOn,
      fields: formFields.map((name) => ({
        name,
        value: typed[name],
        unit: unitOf(name),
        doubtful: doubtful.has(name),
        error: byField[name] ?? null,
      })),
      segments: segmentInputs([...kinds], typedOf, (name) => doubtful.has(name), byField),
      formError: Object.keys(byField).length ? null : error.text,
    };
    return data<InbodyActionData>({ draft, uploadError: null }, { status: error.status === 404 ? 404 : 400 });
  }
  flashToast(session, { kind: 'success', text: messageForCode(Codes.INBODY_UPDATED, lang) });
  return redirect(saved ? `/inbody?tab=detail&record=${String(id)}` : '/inbody?tab=summary');
}

/** A refused photo (ADR 066): why it could not be read, or how long until the next, or the code's message. */
export function uploadRefused(error: GatewayError) {
  if (error.code === Codes.CANNOT_SCAN) {
    const reason = inbodyUnreadableSchema.safeParse(error.data).data?.reason ?? 'NO_VALUES';
    return data<InbodyActionData>({ draft: null, uploadError: null, unreadable: reason }, { status: 422 });
  }
  const limit = error.status === 429 ? inbodyDetectLimitSchema.safeParse(error.data).data : undefined;
  if (limit?.limit) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    return data<InbodyActionData>(
      { draft: null, uploadError: null, limit: { sent: limit.limit, minutes } },
      { status: 429, headers: { 'retry-after': String(limit.retryAfterSeconds) } },
    );
  }
  return data<InbodyActionData>({ draft: null, uploadError: error.text }, { status: error.status === 429 ? 429 : 400 });
}
