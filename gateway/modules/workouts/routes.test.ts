import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  favoriteLessonSchema,
  lessonDetailSchema,
  workoutLessonScreenSchema,
  workoutProgressSchema,
  workoutScreenSchema,
  workoutTypeDetailSchema,
  workoutTypeScreenSchema,
  workoutTypeSummarySchema,
  type LessonDetail,
  type WorkoutProgress,
  type WorkoutTypeSummary,
} from '#api/workouts.ts';
import { workoutProgressEvents } from '#gateway/db/schema/index.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { readWorkoutContent, syncWorkoutContent } from './content-sync.ts';
import { timeLimit } from '#tests/support/time-limit.ts';

// Issue 15 (ADR 041) over HTTP: the content as the API serves it, drawings and their caching,
// favourites (1118, 753, 1119, empty) and progress synced from phones (idempotent, any order, owned).

const CONTENT_DIR = 'gateway/modules/workouts/content';
let gw: TestGateway;
let types: WorkoutTypeSummary[];
const lessons = new Map<number, LessonDetail>();

beforeAll(async () => {
  gw = await startTestGateway();
  const started = performance.now();
  expect(await syncWorkoutContent(gw.db, readWorkoutContent(CONTENT_DIR))).toBe('updated');
  console.log(`workout content copied in: ${Math.round(performance.now() - started)} ms`);
  const res = await gw.call('GET', '/api/v1/general/workout-tutorials');
  types = workoutTypeSummarySchema.array().parse(res.body.data);
  for (const type of types) {
    const detail = workoutTypeDetailSchema.parse(
      (await gw.call('GET', `/api/v1/general/workout-types/${type.id}`)).body.data,
    );
    for (const l of detail.lessons)
      lessons.set(
        l.id,
        lessonDetailSchema.parse((await gw.call('GET', `/api/v1/general/workout-lessons/${l.id}`)).body.data),
      );
  }
}, timeLimit(60_000));
afterAll(() => gw.close());

const firstLesson = () => lessons.get(types[0].id === 1 ? 101 : [...lessons.keys()][0])!;
const otherLesson = () => [...lessons.values()].find((l) => l.typeId !== firstLesson().typeId)!;

describe('content', () => {
  test('copying the same content again changes nothing', async () => {
    expect(await syncWorkoutContent(gw.db, readWorkoutContent(CONTENT_DIR))).toBe('unchanged');
  });

  test('workout-tutorials: the 8 body parts, then the newbie programme, public and cached', async () => {
    const res = await gw.call('GET', '/api/v1/general/workout-tutorials');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1000);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600, stale-while-revalidate=86400');
    expect(res.headers.get('vary')).toContain('accept-language');
    expect(types.map((t) => t.slug)).toEqual([
      'chest',
      'back',
      'shoulders',
      'arms',
      'legs-glutes',
      'core',
      'full-body',
      'stretching',
      'newbie',
    ]);
    expect(types.map((t) => t.kind)).toEqual([...Array(8).fill('BODY_PART'), 'PROGRAMME']);
    expect(types.at(-1)).toMatchObject({ id: 9, lessonCount: 12, weeks: 4, sessionsPerWeek: 3 });
    console.log(`workout-tutorials: ${JSON.stringify(res.body).length} bytes`);
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await gw.call('GET', '/api/v1/general/workout-tutorials', { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toContain('public');
  });

  test('a type lists its lessons; the programme by week and session; unknown or malformed ids are 404', async () => {
    const newbie = workoutTypeDetailSchema.parse((await gw.call('GET', '/api/v1/general/workout-types/9')).body.data);
    expect(newbie.lessons.map((l) => `${l.week}-${l.session}`)).toEqual(
      [1, 2, 3, 4].flatMap((w) => [1, 2, 3].map((s) => `${w}-${s}`)),
    );
    for (const t of types) expect(lessons.size).toBeGreaterThanOrEqual(t.lessonCount);
    expect([...lessons.values()].filter((l) => l.typeId === 1).length).toBe(types[0].lessonCount);
    for (const path of [
      'workout-types/999',
      'workout-types/abc',
      'workout-types/0',
      'workout-lessons/999999',
      'workout-lessons/1e3',
      'workout-lessons/-1',
    ]) {
      const res = await gw.call('GET', `/api/v1/general/${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  test('every mapping has its exercise with vi and en texts, different, and sets with reps or seconds', async () => {
    let mappings = 0;
    for (const lesson of lessons.values()) {
      expect(lesson.blocks.main.length, lesson.slug).toBe(lesson.exerciseCount);
      expect(lesson.blocks.warmUp.length + lesson.blocks.coolDown.length).toBe(
        lesson.warmUpCount + lesson.coolDownCount,
      );
      expect(lesson.nameVi).not.toBe(lesson.nameEn);
      for (const m of [...lesson.blocks.warmUp, ...lesson.blocks.main, ...lesson.blocks.coolDown]) {
        mappings++;
        const e = m.exercise;
        expect(m.sets).toBeGreaterThan(0);
        expect((m.reps === null) !== (m.seconds === null), `mapping ${m.id}`).toBe(true);
        expect((m.tempoVi === null) === (m.tempoEn === null)).toBe(true);
        for (const [vi, en] of [
          [e.nameVi, e.nameEn],
          [e.primerVi, e.primerEn],
          ...e.stepsVi.map((s, i) => [s, e.stepsEn[i]]),
        ]) {
          expect(vi?.trim(), e.slug).toBeTruthy();
          expect(en?.trim(), e.slug).toBeTruthy();
          expect(vi, e.slug).not.toBe(en);
        }
        expect(e.stepsVi.length).toBe(e.stepsEn.length);
        expect(e.drawings.start).toMatch(/^\/api\/v1\/general\/workout-drawings\/[0-9a-f]{8}\/[a-z0-9-]+\.svg$/);
        expect(e.drawings.end).not.toBe(e.drawings.start);
      }
    }
    expect(mappings).toBe(473);
    const one = await gw.call('GET', `/api/v1/general/workout-lessons/${firstLesson().id}`);
    console.log(`one lesson (${firstLesson().slug}): ${JSON.stringify(one.body).length} bytes`);
  });

  test('every drawing in use is served as an immutable SVG with a strong ETag and a locked-down CSP', async () => {
    const urls = new Set(
      [...lessons.values()]
        .flatMap((l) => [...l.blocks.warmUp, ...l.blocks.main, ...l.blocks.coolDown])
        .flatMap((m) => [m.exercise.drawings.start, m.exercise.drawings.end]),
    );
    for (const t of types) urls.add(t.coverUrl);
    expect(urls.size).toBeGreaterThan(100);
    for (const url of urls) {
      const res = await gw.call('GET', url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('etag')).toMatch(/^"[\w-]{43}"$/);
      expect(res.body).toMatch(/^<svg /);
    }
    const [url] = urls;
    const first = await gw.call('GET', url);
    const cached = await gw.call('GET', url, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(cached.status).toBe(304);
    expect(cached.body).toBe('');
  });

  test('anything but a drawing of the set, under its own hash, is 404: no path traversal', async () => {
    const url = firstLesson().blocks.main[0].exercise.drawings.start;
    const [hash, file] = url.split('/').slice(-2);
    const other = firstLesson().blocks.main[0].exercise.drawings.end.split('/').at(-1)!;
    const base = '/api/v1/general/workout-drawings';
    for (const path of [
      `${base}/${hash}/${other}`,
      `${base}/00000000/${file}`,
      `${base}/${hash}/..%2F..%2Fexercises.json`,
      `${base}/${hash}/..%2Fcontent.test.ts`,
      `${base}/${hash}/%2e%2e%2fprogramme.json`,
      `${base}/${hash}/../../../../etc/passwd`,
      `${base}/../../../../etc/passwd`,
      `${base}/${hash}/${file.toUpperCase()}`,
      `${base}/${hash}/${file}%00.svg`,
      `${base}/${hash}/nope.svg`,
      `${base}/${file}`,
      `${base}/${hash}/${file}/x`,
    ]) {
      const res = await gw.call('GET', path);
      // 400 for the NUL (refused before any route, ADR 018), 404 for the rest.
      expect(res.status, path).toBe(path.includes('%00') ? 400 : 404);
      expect(String(res.body), path).not.toContain('<svg');
    }
  });
});

describe('favourites', () => {
  test('add (1118), again (753), list newest first, remove (1119), remove again (404), empty is [] with 1000', async () => {
    const { token } = await gw.signUp();
    const empty = await gw.call('GET', '/api/v1/member/workout/favorites', { token });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ code: 1000, data: [] });
    expect(empty.headers.get('cache-control')).toBe('no-store');

    const a = firstLesson().id;
    const b = otherLesson().id;
    const added = await gw.call('POST', `/api/v1/member/workout/favorites/${a}`, { token, lang: 'en' });
    expect(added.status).toBe(200);
    expect(added.body.code).toBe(1118);
    expect(added.body.message).toBe('Added to favorites.');
    expect(favoriteLessonSchema.parse(added.body.data).id).toBe(a);
    const twice = await gw.call('POST', `/api/v1/member/workout/favorites/${a}`, { token });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe(753);
    gw.clock.advance(1000);
    await gw.call('POST', `/api/v1/member/workout/favorites/${b}`, { token });
    const list = await gw.call('GET', '/api/v1/member/workout/favorites', { token });
    expect(
      favoriteLessonSchema
        .array()
        .parse(list.body.data)
        .map((l) => l.id),
    ).toEqual([b, a]);

    const removed = await gw.call('DELETE', `/api/v1/member/workout/favorites/${a}`, { token });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ code: 1119, data: { lessonId: a } });
    const again = await gw.call('DELETE', `/api/v1/member/workout/favorites/${a}`, { token });
    expect(again.status).toBe(404);
    expect(
      (await gw.call('GET', '/api/v1/member/workout/favorites', { token })).body.data.map((l: { id: number }) => l.id),
    ).toEqual([b]);
  });

  test('an unknown or malformed lesson is 404; without a token 401', async () => {
    const { token } = await gw.signUp();
    for (const id of ['999999', 'abc', '0']) {
      expect((await gw.call('POST', `/api/v1/member/workout/favorites/${id}`, { token })).status, id).toBe(404);
      expect((await gw.call('DELETE', `/api/v1/member/workout/favorites/${id}`, { token })).status, id).toBe(404);
    }
    expect((await gw.call('GET', '/api/v1/member/workout/favorites')).status).toBe(401);
    expect((await gw.call('POST', `/api/v1/member/workout/favorites/${firstLesson().id}`)).status).toBe(401);
  });

  test('another member neither sees nor removes my favourites', async () => {
    const me = await gw.signUp();
    const other = await gw.signUp();
    const id = firstLesson().id;
    await gw.call('POST', `/api/v1/member/workout/favorites/${id}`, { token: me.token });
    expect((await gw.call('GET', '/api/v1/member/workout/favorites', { token: other.token })).body.data).toEqual([]);
    expect((await gw.call('DELETE', `/api/v1/member/workout/favorites/${id}`, { token: other.token })).status).toBe(
      404,
    );
    expect((await gw.call('GET', '/api/v1/member/workout/favorites', { token: me.token })).body.data).toHaveLength(1);
    // Theirs is their own: adding the same lesson is no conflict with mine.
    expect((await gw.call('POST', `/api/v1/member/workout/favorites/${id}`, { token: other.token })).body.code).toBe(
      1118,
    );
  });
});

type Ev = {
  id: string;
  lessonId: number;
  mappingId?: number;
  kind: 'EXERCISE_DONE' | 'LESSON_DONE' | 'LESSON_CONFIRMED';
  at: string;
  durationSeconds?: number;
  reps?: number;
};
const MIN = 60_000;
/** An event `minutesAgo` before the gateway's clock. */
const ev = (
  kind: Ev['kind'],
  lessonId: number,
  mappingId: number | undefined,
  minutesAgo: number,
  extra: Partial<Ev> = {},
): Ev => ({
  id: randomUUID(),
  lessonId,
  ...(mappingId === undefined ? {} : { mappingId }),
  kind,
  at: new Date(gw.clock.now().getTime() - minutesAgo * MIN).toISOString(),
  ...extra,
});
const post = (token: string, events: unknown) =>
  gw.call('POST', '/api/v1/member/workout/progress', { token, json: { events } });
async function sync(token: string, events: Ev[]): Promise<WorkoutProgress> {
  const res = await post(token, events);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.code).toBe(1000);
  return workoutProgressSchema.parse(res.body.data);
}
async function progress(token: string): Promise<WorkoutProgress> {
  const res = await gw.call('GET', '/api/v1/member/workout/progress', { token });
  expect(res.status).toBe(200);
  return workoutProgressSchema.parse(res.body.data);
}
const of = (p: WorkoutProgress, lessonId: number) => p.lessons.find((l) => l.lessonId === lessonId);

describe('progress', () => {
  test('a lesson completes when every main exercise is done; warm-up, cool-down and the summary after it count once', async () => {
    const { token } = await gw.signUp();
    const lesson = firstLesson();
    const main = lesson.blocks.main.map((m) => m.id);
    expect(await progress(token)).toEqual({ lessons: [], inProgress: null });

    const warm = lesson.blocks.warmUp.map((m, i) => ev('EXERCISE_DONE', lesson.id, m.id, 60 - i));
    const partial = main.slice(0, -1).map((id, i) => ev('EXERCISE_DONE', lesson.id, id, 50 - i * 5, { reps: 30 }));
    let p = await sync(token, [...warm, ...partial]);
    expect(of(p, lesson.id)).toMatchObject({ timesCompleted: 0, isCompleted: false, lastCompletedAt: null });
    expect(of(p, lesson.id)!.completedMappingIds.sort()).toEqual(
      [...warm.map((e) => e.mappingId), ...main.slice(0, -1)].sort(),
    );
    expect(p.inProgress).toMatchObject({ lessonId: lesson.id, typeId: lesson.typeId, mappingId: main.at(-2) });

    const last = ev('EXERCISE_DONE', lesson.id, main.at(-1), 20);
    const after = [
      ...lesson.blocks.coolDown.map((m, i) => ev('EXERCISE_DONE', lesson.id, m.id, 15 - i)),
      ev('LESSON_DONE', lesson.id, undefined, 5, { durationSeconds: 2400 }),
      ev('LESSON_CONFIRMED', lesson.id, undefined, 4),
    ];
    p = await sync(token, [last, ...after]);
    expect(of(p, lesson.id)).toEqual({
      lessonId: lesson.id,
      typeId: lesson.typeId,
      completedMappingIds: [],
      timesCompleted: 1,
      lastCompletedAt: last.at,
      isCompleted: true,
    });
    expect(p.inProgress).toBeNull();
    expect(await progress(token)).toEqual(p);
  });

  test('confirming the whole lesson completes it; a repeat hours later counts again', async () => {
    const { token } = await gw.signUp();
    const lesson = otherLesson();
    let p = await sync(token, [
      ev('EXERCISE_DONE', lesson.id, lesson.blocks.main[0].id, 300),
      ev('LESSON_CONFIRMED', lesson.id, undefined, 290),
    ]);
    expect(of(p, lesson.id)).toMatchObject({ timesCompleted: 1, isCompleted: true, completedMappingIds: [] });
    p = await sync(token, [ev('LESSON_CONFIRMED', lesson.id, undefined, 10)]);
    expect(of(p, lesson.id)).toMatchObject({ timesCompleted: 2 });
  });

  test('the same batch twice, or twice at once, counts once', async () => {
    const { token } = await gw.signUp();
    const lesson = firstLesson();
    const batch = [
      ...lesson.blocks.main.map((m, i) => ev('EXERCISE_DONE', lesson.id, m.id, 40 - i)),
      ev('LESSON_DONE', lesson.id, undefined, 30),
    ];
    const once = await sync(token, batch);
    expect(await sync(token, batch)).toEqual(once);
    expect(of(once, lesson.id)!.timesCompleted).toBe(1);

    const other = await gw.signUp();
    const confirm = [
      ev('LESSON_CONFIRMED', lesson.id, undefined, 200),
      ...batch.map((e) => ({ ...e, id: randomUUID() })),
    ];
    const results = await Promise.all([
      post(other.token, confirm),
      post(other.token, confirm),
      post(other.token, confirm),
    ]);
    for (const r of results) expect(r.status).toBe(200);
    const p = await progress(other.token);
    expect(of(p, lesson.id)!.timesCompleted).toBe(2);
    const [{ n }] = await gw.db
      .select({ n: sql<number>`count(*)::int` })
      .from(workoutProgressEvents)
      .where(sql`${workoutProgressEvents.id} in ${confirm.map((e) => e.id)}`);
    expect(n).toBe(confirm.length);
  });

  test('batches that arrive out of order, split differently, give the same state', async () => {
    const lesson = firstLesson();
    const main = lesson.blocks.main.map((m) => m.id);
    // Two runs: a full one 5 h ago, and half of one now; a confirmation of another lesson between.
    const events = [
      ...lesson.blocks.warmUp.map((m, i) => ev('EXERCISE_DONE', lesson.id, m.id, 330 - i)),
      ...main.map((id, i) => ev('EXERCISE_DONE', lesson.id, id, 320 - i * 3)),
      ev('LESSON_DONE', lesson.id, undefined, 290, { durationSeconds: 1800 }),
      ev('LESSON_CONFIRMED', otherLesson().id, undefined, 100),
      ...main.slice(0, 2).map((id, i) => ev('EXERCISE_DONE', lesson.id, id, 20 - i)),
      ev('EXERCISE_DONE', lesson.id, main[0], 15),
    ];
    const inOrder = await gw.signUp();
    const shuffled = await gw.signUp();
    await sync(inOrder.token, events);
    const reversed = [...events].reverse();
    for (let i = 0; i < reversed.length; i += 3)
      await sync(
        shuffled.token,
        reversed.slice(i, i + 3).map((e) => ({ ...e, id: randomUUID() })),
      );
    const a = await progress(inOrder.token);
    const b = await progress(shuffled.token);
    expect(b).toEqual(a);
    expect(of(a, lesson.id)).toMatchObject({ timesCompleted: 1, completedMappingIds: main.slice(0, 2) });
    expect(a.inProgress).toMatchObject({ lessonId: lesson.id, mappingId: main[0] });
  });

  test("one member's events never show or count for another, even under the same event id", async () => {
    const a = await gw.signUp();
    const b = await gw.signUp();
    const lesson = firstLesson();
    const mine = [ev('LESSON_CONFIRMED', lesson.id, undefined, 10)];
    const before = await sync(a.token, mine);
    expect((await progress(b.token)).lessons).toEqual([]);
    // B replays A's event id (a guess or a leak): ignored for B, no answer that tells it exists, A unchanged.
    const res = await post(b.token, mine);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ lessons: [], inProgress: null });
    expect(await progress(a.token)).toEqual(before);
    const [row] = await gw.db.select().from(workoutProgressEvents).where(eq(workoutProgressEvents.id, mine[0].id));
    expect(row.accountId).not.toBe(b.profile.id);
    expect((await gw.call('GET', '/api/v1/member/workout/progress')).status).toBe(401);
  });

  test('bad input is 400 code 2 with the field, never 500, and nothing is recorded', async () => {
    const { token } = await gw.signUp();
    const lesson = firstLesson();
    const m = lesson.blocks.main[0].id;
    const good = () => ev('EXERCISE_DONE', lesson.id, m, 1);
    const cases: [string, unknown, string][] = [
      ['bad uuid', [{ ...good(), id: 'not-a-uuid' }], 'events.0.id'],
      ['unknown lesson', [ev('LESSON_CONFIRMED', 999_999, undefined, 1)], 'events.0.lessonId'],
      [
        'mapping of another lesson',
        [good(), { ...good(), mappingId: otherLesson().blocks.main[0].id }],
        'events.1.mappingId',
      ],
      ['unknown mapping', [{ ...good(), mappingId: 999_999 }], 'events.0.mappingId'],
      ['future', [ev('LESSON_CONFIRMED', lesson.id, undefined, -60)], 'events.0.at'],
      ['too old', [ev('LESSON_CONFIRMED', lesson.id, undefined, 31 * 24 * 60)], 'events.0.at'],
      ['not a date', [{ ...good(), at: 'yesterday' }], 'events.0.at'],
      ['201 events', Array.from({ length: 201 }, good), 'events'],
      ['none', [], 'events'],
      ['NUL in a string', [{ ...good(), id: `${randomUUID()}\u0000` }], 'events.0.id'],
      ['exercise without mapping', [ev('EXERCISE_DONE', lesson.id, undefined, 1)], 'events.0.mappingId'],
      ['lesson event with a mapping', [ev('LESSON_DONE', lesson.id, m, 1)], 'events.0.mappingId'],
      ['unknown kind', [{ ...good(), kind: 'SKIPPED' }], 'events.0.kind'],
      ['negative duration', [{ ...good(), durationSeconds: -5 }], 'events.0.durationSeconds'],
      ['huge lesson id', [{ ...good(), lessonId: 1e12 }], 'events.0.lessonId'],
      ['lesson id as text', [{ ...good(), lessonId: String(lesson.id) }], 'events.0.lessonId'],
    ];
    for (const [name, events, field] of cases) {
      const res = await post(token, events);
      expect(res.status, name).toBe(400);
      expect(res.body.code, name).toBe(2);
      expect(Object.keys(res.body.data.fieldErrors), name).toContain(field);
    }
    for (const body of ['{', 'null', '{"events":"x"}']) {
      const res = await gw.call('POST', '/api/v1/member/workout/progress', {
        token,
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, body).toBe(400);
    }
    const en = await gw.call('POST', '/api/v1/member/workout/progress', {
      token,
      lang: 'en',
      json: { events: [ev('LESSON_CONFIRMED', lesson.id, undefined, -60)] },
    });
    expect(en.body.data.fieldErrors['events.0.at']).toEqual(['The time is in the future']);
    expect(await progress(token)).toEqual({ lessons: [], inProgress: null });
    const [{ n }] = await gw.db
      .select({ n: sql<number>`count(*)::int` })
      .from(workoutProgressEvents)
      .where(
        and(
          eq(workoutProgressEvents.lessonId, lesson.id),
          sql`${workoutProgressEvents.accountId} = (select id from accounts where phone_number = (select phone_number from accounts order by id desc limit 1))`,
        ),
      );
    expect(n).toBe(0);
  });
});

describe('screens (issue 18: one read per workout page)', () => {
  test('/workout: the shell, the types, the favourites, the progress and the name of the lesson to continue', async () => {
    const { token } = await gw.signUp();
    const lesson = firstLesson();
    const fresh = workoutScreenSchema.parse(
      (await gw.call('GET', '/api/v1/member/screens/workout', { token })).body.data,
    );
    expect(fresh.types.map((t) => t.id)).toEqual(types.map((t) => t.id));
    expect(fresh).toMatchObject({ favorites: [], progress: { lessons: [], inProgress: null }, resumeLesson: null });
    expect(fresh.shell.unreadCount).toBeGreaterThanOrEqual(0);

    await gw.call('POST', `/api/v1/member/workout/favorites/${lesson.id}`, { token });
    await sync(token, [ev('EXERCISE_DONE', lesson.id, lesson.blocks.main[0].id, 5)]);
    const res = await gw.call('GET', '/api/v1/member/screens/workout', { token });
    expect(res.status).toBe(200);
    const screen = workoutScreenSchema.parse(res.body.data);
    expect(screen.favorites.map((f) => f.id)).toEqual([lesson.id]);
    expect(screen.progress).toEqual(await progress(token));
    expect(screen.resumeLesson).toEqual({ id: lesson.id, nameVi: lesson.nameVi, nameEn: lesson.nameEn });
  });

  test('a type and a lesson: the same content as the public reads, with this member’s favourite and progress only', async () => {
    const me = await gw.signUp();
    const other = await gw.signUp();
    const lesson = firstLesson();
    await gw.call('POST', `/api/v1/member/workout/favorites/${lesson.id}`, { token: other.token });
    await sync(other.token, [ev('EXERCISE_DONE', lesson.id, lesson.blocks.main[0].id, 5)]);

    const programme = workoutTypeScreenSchema.parse(
      (await gw.call('GET', '/api/v1/member/screens/workout-programme', { token: me.token })).body.data,
    );
    expect(programme.type).toEqual(
      workoutTypeDetailSchema.parse((await gw.call('GET', '/api/v1/general/workout-types/9')).body.data),
    );
    const type = workoutTypeScreenSchema.parse(
      (await gw.call('GET', `/api/v1/member/screens/workout-type/${lesson.typeId}`, { token: me.token })).body.data,
    );
    expect(type.type).toEqual(
      workoutTypeDetailSchema.parse((await gw.call('GET', `/api/v1/general/workout-types/${lesson.typeId}`)).body.data),
    );
    expect(type.progress).toEqual({ lessons: [], inProgress: null });

    const mine = workoutLessonScreenSchema.parse(
      (await gw.call('GET', `/api/v1/member/screens/workout-lesson/${lesson.id}`, { token: me.token })).body.data,
    );
    expect(mine.lesson).toEqual(lesson);
    expect(mine).toMatchObject({ favorite: false, progress: null });
    const theirs = workoutLessonScreenSchema.parse(
      (await gw.call('GET', `/api/v1/member/screens/workout-lesson/${lesson.id}`, { token: other.token })).body.data,
    );
    expect(theirs.favorite).toBe(true);
    expect(theirs.progress).toMatchObject({ lessonId: lesson.id, completedMappingIds: [lesson.blocks.main[0].id] });
  });

  test('unknown or malformed ids are 404, never 500; without a token 401', async () => {
    const { token } = await gw.signUp();
    for (const path of [
      'workout-type/999',
      'workout-type/abc',
      'workout-type/0',
      'workout-lesson/99999',
      'workout-lesson/1e3',
      'workout-lesson/-1',
    ]) {
      expect((await gw.call('GET', `/api/v1/member/screens/${path}`, { token })).status, path).toBe(404);
    }
    for (const path of ['workout', 'workout-programme', 'workout-type/1', `workout-lesson/${firstLesson().id}`]) {
      expect((await gw.call('GET', `/api/v1/member/screens/${path}`)).status, path).toBe(401);
    }
  });
});
