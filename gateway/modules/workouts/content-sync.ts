import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableColumns, notInArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { bodyParts, exerciseKinds, exerciseSources, workoutLevels } from '#api/workout-fields.ts';
import type { Database } from '#gateway/db/client.ts';
import {
  workoutContentState,
  workoutDrawings,
  workoutExercises,
  workoutLessons,
  workoutMappings,
  workoutTypes,
} from '#gateway/db/schema/index.ts';

// Issue 15 (ADR 041): the workout content lives in files (reviewed like code) and is copied into the
// database at every start when the files' hash differs from the one copied last. Production gets it
// the same way as the sandbox: the files ship with the image (WORKOUT_CONTENT_DIR).

export const DRAWINGS_PATH = '/api/v1/general/workout-drawings';
export const drawingUrl = (hash: string, file: string) => `${DRAWINGS_PATH}/${hash}/${file}`;

const text = z.object({ vi: z.string().min(1), en: z.string().min(1) });
const amount = z.number().int().positive();
const mappingFile = z.object({
  id: z.number().int().positive(),
  exercise: z.string(),
  sets: amount,
  reps: amount.optional(),
  seconds: amount.optional(),
  restSeconds: z.number().int().min(0),
  perSide: z.boolean().optional(),
  tempo: text.optional(),
});
const lessonFile = z.object({
  id: z.number().int().positive(),
  slug: z.string(),
  name: text,
  level: z.enum(workoutLevels),
  minutes: amount,
  equipment: z.array(z.string()),
  week: amount.optional(),
  session: amount.optional(),
  blocks: z.object({ warmUp: z.array(mappingFile), main: z.array(mappingFile).min(1), coolDown: z.array(mappingFile) }),
});
const typeFile = z.object({
  id: z.number().int().positive(),
  slug: z.string(),
  name: text,
  description: text,
  lessons: z.array(lessonFile).min(1),
});
const programmeFile = z.object({
  types: z.array(typeFile),
  newbie: typeFile.extend({ weeks: amount, sessionsPerWeek: amount }),
});
const exercisesFile = z.object({
  exercises: z.array(
    z.object({
      slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
      everkineticId: z.string().nullable(),
      source: z.enum(exerciseSources),
      name: text,
      primer: text,
      steps: z.object({ vi: z.array(z.string().min(1)).min(1), en: z.array(z.string().min(1)).min(1) }),
      bodyParts: z.array(z.enum(bodyParts)).min(1),
      primaryMuscles: z.array(z.string()),
      equipment: z.array(z.string()),
      kind: z.enum(exerciseKinds),
      level: z.enum(workoutLevels),
      drawings: z.object({ start: z.string(), end: z.string() }),
    }),
  ),
});

export type WorkoutContent = ReturnType<typeof readWorkoutContent>;

const DRAWING_FILE = /^[a-z0-9-]+\.svg$/;

/** Reads and checks the content files; throws with the reason when they are not usable. */
export function readWorkoutContent(dir: string) {
  const root = path.resolve(dir);
  const exercisesRaw = readFileSync(path.join(root, 'exercises.json'), 'utf8');
  const programmeRaw = readFileSync(path.join(root, 'programme.json'), 'utf8');
  const { exercises } = exercisesFile.parse(JSON.parse(exercisesRaw));
  const programme = programmeFile.parse(JSON.parse(programmeRaw));
  const drawings = readdirSync(path.join(root, 'drawings'))
    .filter((file) => DRAWING_FILE.test(file))
    .sort()
    .map((file) => {
      const svg = readFileSync(path.join(root, 'drawings', file), 'utf8');
      return { file, svg, hash: createHash('sha256').update(svg).digest('hex').slice(0, 8) };
    });
  const hashOf = new Map(drawings.map((d) => [d.file, d.hash]));
  const slugs = new Set(exercises.map((e) => e.slug));
  for (const e of exercises) {
    for (const file of [e.drawings.start, e.drawings.end])
      if (!hashOf.has(file)) throw new Error(`workout content: ${e.slug} has no drawing ${file}`);
  }
  const lessons = [...programme.types, programme.newbie].flatMap((t) => t.lessons);
  for (const m of lessons.flatMap((l) => [...l.blocks.warmUp, ...l.blocks.main, ...l.blocks.coolDown])) {
    if (!slugs.has(m.exercise))
      throw new Error(`workout content: mapping ${m.id} names an unknown exercise ${m.exercise}`);
    if ((m.reps === undefined) === (m.seconds === undefined))
      throw new Error(`workout content: mapping ${m.id} needs reps or seconds`);
  }
  const hash = createHash('sha256')
    .update(exercisesRaw)
    .update('\0')
    .update(programmeRaw)
    .update('\0')
    .update(drawings.map((d) => `${d.file}:${d.hash}`).join('\n'))
    .digest('hex');
  return { hash, exercises, programme, drawings, hashOf };
}

/** `set` for an upsert: every column but the key takes the new row's value. */
function updateAll(table: PgTable, key: string) {
  return Object.fromEntries(
    Object.entries(getTableColumns(table))
      .filter(([name]) => name !== key)
      .map(([name, column]) => [name, sql.raw(`excluded."${column.name}"`)]),
  );
}

/**
 * Copies the content into the database unless the same content (by hash) is already there. One
 * transaction under an advisory lock: replicas starting together copy it once, and a reader never
 * sees half of it. Rows that left the files are retired (is_active false), not deleted.
 */
export async function syncWorkoutContent(
  db: Database,
  content: WorkoutContent,
  now = new Date(),
): Promise<'unchanged' | 'updated'> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('workout_content'))`);
    const [state] = await tx.select().from(workoutContentState);
    if (state?.hash === content.hash) return 'unchanged';

    const { exercises, programme, drawings, hashOf } = content;
    const url = (file: string) => drawingUrl(hashOf.get(file)!, file);
    for (let i = 0; i < drawings.length; i += 50) {
      await tx
        .insert(workoutDrawings)
        .values(drawings.slice(i, i + 50))
        .onConflictDoUpdate({ target: workoutDrawings.file, set: updateAll(workoutDrawings, 'file') });
    }
    await tx.delete(workoutDrawings).where(
      notInArray(
        workoutDrawings.file,
        drawings.map((d) => d.file),
      ),
    );

    const exerciseRows = exercises.map((e) => ({
      slug: e.slug,
      source: e.source,
      everkineticId: e.everkineticId,
      nameVi: e.name.vi,
      nameEn: e.name.en,
      primerVi: e.primer.vi,
      primerEn: e.primer.en,
      stepsVi: e.steps.vi,
      stepsEn: e.steps.en,
      bodyParts: e.bodyParts,
      primaryMuscles: e.primaryMuscles,
      equipment: e.equipment,
      kind: e.kind,
      level: e.level,
      startDrawingUrl: url(e.drawings.start),
      endDrawingUrl: url(e.drawings.end),
    }));
    await tx
      .insert(workoutExercises)
      .values(exerciseRows)
      .onConflictDoUpdate({ target: workoutExercises.slug, set: updateAll(workoutExercises, 'slug') });

    const bySlug = new Map(exercises.map((e) => [e.slug, e]));
    const types = [
      ...programme.types.map((t) => ({ ...t, kind: 'BODY_PART' as const })),
      { ...programme.newbie, kind: 'PROGRAMME' as const },
    ];
    const typeRows = types.map((t, position) => {
      const cover = bySlug.get(t.lessons[0].blocks.main[0].exercise)!;
      return {
        id: t.id,
        slug: t.slug,
        kind: t.kind,
        nameVi: t.name.vi,
        nameEn: t.name.en,
        descriptionVi: t.description.vi,
        descriptionEn: t.description.en,
        weeks: 'weeks' in t ? t.weeks : null,
        sessionsPerWeek: 'sessionsPerWeek' in t ? t.sessionsPerWeek : null,
        coverUrl: url(cover.drawings.end),
        position,
        isActive: true,
      };
    });
    await tx
      .insert(workoutTypes)
      .values(typeRows)
      .onConflictDoUpdate({ target: workoutTypes.id, set: updateAll(workoutTypes, 'id') });

    const lessonRows = types.flatMap((t) =>
      t.lessons.map((l, position) => ({
        id: l.id,
        typeId: t.id,
        slug: l.slug,
        nameVi: l.name.vi,
        nameEn: l.name.en,
        level: l.level,
        minutes: l.minutes,
        equipment: l.equipment,
        week: l.week ?? null,
        session: l.session ?? null,
        position,
        mainCount: l.blocks.main.length,
        warmUpCount: l.blocks.warmUp.length,
        coolDownCount: l.blocks.coolDown.length,
        isActive: true,
      })),
    );
    await tx
      .insert(workoutLessons)
      .values(lessonRows)
      .onConflictDoUpdate({ target: workoutLessons.id, set: updateAll(workoutLessons, 'id') });

    const mappingRows = types.flatMap((t) =>
      t.lessons.flatMap((l) =>
        (['warmUp', 'main', 'coolDown'] as const).flatMap((block) =>
          l.blocks[block].map((m, position) => ({
            id: m.id,
            lessonId: l.id,
            exerciseSlug: m.exercise,
            block,
            position,
            sets: m.sets,
            reps: m.reps ?? null,
            seconds: m.seconds ?? null,
            restSeconds: m.restSeconds,
            perSide: m.perSide ?? false,
            tempoVi: m.tempo?.vi ?? null,
            tempoEn: m.tempo?.en ?? null,
            isActive: true,
          })),
        ),
      ),
    );
    for (let i = 0; i < mappingRows.length; i += 200) {
      await tx
        .insert(workoutMappings)
        .values(mappingRows.slice(i, i + 200))
        .onConflictDoUpdate({ target: workoutMappings.id, set: updateAll(workoutMappings, 'id') });
    }

    // What left the files: retired, still there for the favourites and progress that point at it.
    const retire = async (table: typeof workoutTypes | typeof workoutLessons | typeof workoutMappings, ids: number[]) =>
      tx.update(table).set({ isActive: false }).where(notInArray(table.id, ids));
    await retire(
      workoutTypes,
      typeRows.map((r) => r.id),
    );
    await retire(
      workoutLessons,
      lessonRows.map((r) => r.id),
    );
    await retire(
      workoutMappings,
      mappingRows.map((r) => r.id),
    );

    await tx
      .insert(workoutContentState)
      .values({ id: 1, hash: content.hash, syncedAt: now })
      .onConflictDoUpdate({ target: workoutContentState.id, set: { hash: content.hash, syncedAt: now } });
    return 'updated';
  });
}
