import { data, redirect } from 'react-router';
import { z } from 'zod';
import { Codes, messageForCode, type Lang } from '#contract/codes.ts';
import { formatDate } from '#contract/format.ts';
import {
  INBODY_IMAGE_FIELD,
  inbodyDetectionSchema,
  inbodyRecordSchema,
  inbodySegments,
  type InbodyConfidence,
  type InbodyLevel,
  type InbodyRecord,
  type InbodySegment,
} from '#contract/inbody.ts';
import { validationMessage } from '#contract/validation-messages.ts';
import { gatewayFieldErrors } from '#app/feedback/form-errors.server.ts';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { getLang } from '#app/server/i18n.server.ts';
import { flashToast, getSession } from '#app/server/session.server.ts';
import { MAX_IMAGE_BYTES, readBoundedForm } from '#app/server/upload.server.ts';
import { memberRead } from '#app/shell/layout.main.server.ts';

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
export const formFields = ['weight', 'skeletalMuscleMass', 'percentBodyFat', 'bodyFatMass', 'score', 'totalBodyWater', 'protein', 'minerals'] as const;
export type FormField = (typeof formFields)[number];

const unitOf = (field: FormField | BarMetric): 'kg' | 'percent' | 'points' => (field === 'percentBodyFat' ? 'percent' : field === 'score' ? 'points' : 'kg');

const numberFormat = (lang: Lang) => new Intl.NumberFormat(lang === 'vi' ? 'vi-VN' : 'en-GB', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
/** A value as the sheet prints it, with the page's decimal mark: 72,5 in Vietnamese, 72.5 in English. */
export const formatMeasure = (value: number, lang: Lang) => numberFormat(lang).format(value);
/** What a form field starts with: the value with the page's decimal mark (the gateway takes both), or empty. */
const fieldText = (value: number | null, lang: Lang) => (value === null ? '' : lang === 'vi' ? String(value).replace('.', ',') : String(value));

/** Vietnam's calendar day of the measurement, YYYY-MM-DD. */
const dayOf = (iso: string) => formatDate(iso).split('/').reverse().join('-');

export type ChartPoint = { label: string; value: number; text: string };
export type ChartView = { metric: ChartMetric; unit: 'kg' | 'percent'; points: ChartPoint[] };

function chartOf(records: InbodyRecord[], metric: ChartMetric, lang: Lang): ChartView {
  const points = [...records]
    .reverse()
    .filter((r) => r[metric] !== null)
    .map((r) => ({ label: formatDate(r.measuredAt).slice(0, 5), value: r[metric]!, text: formatMeasure(r[metric]!, lang) }));
  return { metric, unit: metric === 'percentBodyFat' ? 'percent' : 'kg', points };
}

export type Change = { direction: 'up' | 'down' | 'same'; text: string } | null;
function changeOf(current: number | null, previous: number | null, lang: Lang): Change {
  if (current === null || previous === null) return null;
  const delta = Math.round((current - previous) * 10) / 10;
  return { direction: delta > 0 ? 'up' : delta < 0 ? 'down' : 'same', text: formatMeasure(Math.abs(delta), lang) };
}

export type SegmentView = { segment: InbodySegment; mass: string | null; percent: string | null; level: InbodyLevel | null };
export type SegmentsView = { kind: 'lean' | 'fat'; rows: SegmentView[] } | { kind: 'fat'; rows: null };

function segmentsOf(record: InbodyRecord, kind: 'lean' | 'fat', lang: Lang): SegmentsView {
  if (kind === 'fat' && !record.fatBodyMass) return { kind, rows: null };
  const rows = inbodySegments.map((segment) => {
    const [mass, percent, level] =
      kind === 'lean'
        ? [record.leanBodyMass[`${segment}MuscleMass`], record.leanBodyMass[`${segment}MusclePercentage`], record.leanBodyMass[`${segment}Status`]]
        : [record.fatBodyMass![`${segment}FatMass`], record.fatBodyMass![`${segment}FatPercentage`], record.fatBodyMass![`${segment}Status`]];
    return { segment, mass: mass === null ? null : formatMeasure(mass, lang), percent: percent === null ? null : String(Math.round(percent)), level };
  });
  return { kind, rows };
}

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback);

/** The /inbody page: one read (member/screens/inbody), the tab the address names or the member last used. */
export async function inbodyView(args: Args) {
  const lang = getLang(args.context);
  const url = new URL(args.request.url);
  const session = getSession(args.context);
  const asked = url.searchParams.get('tab');
  const tab = pick(asked, inbodyTabs, session.get('inbodyTab') ?? 'summary');
  // §2 "the last tab used is remembered": in the session cookie, so the server renders it on reload.
  if (asked && tab !== session.get('inbodyTab')) session.set('inbodyTab', tab);

  const { inbodyScreen } = await memberRead(args);
  if (!inbodyScreen) throw new Error('/inbody reads /member/screens/inbody: the screen is missing');
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
        bars: barMetrics.map((m) => ({ metric: m, value: shown[m], text: shown[m] === null ? null : formatMeasure(shown[m], lang), unit: unitOf(m), change: previous ? changeOf(shown[m], previous[m], lang) : null })),
        first: previous === null,
        part,
        segments: segmentsOf(shown, part, lang),
        confirmDelete: url.searchParams.get('delete') === '1',
      }
    : null;

  return {
    tab,
    metric,
    empty: records.length === 0,
    summary,
    detail,
    history: chartMetrics.map((m) => chartOf(records, m, lang)),
  };
}

/** The confirm form as the page shows it: each field's text, whether to check it, its error. */
export type DraftView = {
  id: number;
  measuredOn: string;
  fields: { name: FormField; value: string; unit: 'kg' | 'percent' | 'points'; doubtful: boolean; error: string | null }[];
  formError: string | null;
};

function draftView(record: InbodyRecord, confidence: Record<string, InbodyConfidence>, lang: Lang): DraftView {
  return {
    id: record.id,
    measuredOn: dayOf(record.measuredAt),
    fields: formFields.map((name) => ({ name, value: fieldText(record[name], lang), unit: unitOf(name), doubtful: confidence[name] !== 'confirmed', error: null })),
    formError: null,
  };
}

export type InbodyActionData = { draft: DraftView | null; uploadError: string | null };

const actionSchema = z.object({ intent: z.enum(['upload', 'confirm', 'delete']) });

/**
 * The tab's three forms, each working without JavaScript: upload a photo (→ the confirm form with
 * what was read), confirm the draft (PUT update; on a refusal the form comes back as typed, §7
 * "failures leave dialogs unchanged"), delete a record (after its confirmation step).
 */
export async function inbodyAction(args: Args) {
  const lang = getLang(args.context);
  const session = getSession(args.context);
  const call = gatewayClient(args);
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
      // The gateway may queue the photo and read it for up to INBODY_OCR_TIMEOUT_MS (20 s): wait for it
      // rather than tell the member to try again while their draft is being made.
      const { data: detection } = await call('/api/v1/member/inbody/detect', inbodyDetectionSchema, { method: 'POST', form: upload, timeoutMs: 45_000 });
      return { draft: draftView(detection.record, detection.confidence, lang), uploadError: null } satisfies InbodyActionData;
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      return refuseUpload(error.text);
    }
  }

  const id = Number(formData.get('id'));
  if (!Number.isInteger(id) || id < 1) throw data(null, { status: 400 });

  if (parsed.data.intent === 'delete') {
    try {
      await call(`/api/v1/member/inbody/${String(id)}/delete`, z.null(), { method: 'DELETE' });
    } catch (error) {
      if (!(error instanceof GatewayError) || error.status !== 404) throw error;
    }
    flashToast(session, { kind: 'success', text: messageForCode(Codes.INBODY_DELETED, lang) });
    return redirect('/inbody?tab=detail');
  }

  // confirm: what the member typed goes back as typed when refused.
  const typed = Object.fromEntries(formFields.map((name) => [name, String(formData.get(name) ?? '').slice(0, 20)])) as Record<FormField, string>;
  const doubtful = new Set(String(formData.get('doubtful') ?? '').split(','));
  const measuredOn = String(formData.get('measuredOn') ?? '');
  const body: Record<string, string> = { ...typed };
  if (/^\d{4}-\d{2}-\d{2}$/.test(measuredOn)) body.measuredOn = measuredOn;
  try {
    await call(`/api/v1/member/inbody/${String(id)}/update`, inbodyRecordSchema, { method: 'PUT', json: body });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    const byField = gatewayFieldErrors(error.fieldErrors) ?? {};
    const draft: DraftView = {
      id,
      measuredOn,
      fields: formFields.map((name) => ({ name, value: typed[name], unit: unitOf(name), doubtful: doubtful.has(name), error: byField[name] ?? null })),
      formError: Object.keys(byField).length ? null : error.text,
    };
    return data<InbodyActionData>({ draft, uploadError: null }, { status: error.status === 404 ? 404 : 400 });
  }
  flashToast(session, { kind: 'success', text: messageForCode(Codes.INBODY_UPDATED, lang) });
  return redirect('/inbody?tab=summary');
}
