import { existsSync, readdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

// Integrity of the guided-workout content: exercises (Everkinetic + own moves), their drawings and
// the programme of body-part types and the beginner "newbie" plan.

type Text = { vi: string; en: string };
type Exercise = {
  slug: string;
  everkineticId: string | null;
  source: 'everkinetic' | 'own';
  name: Text;
  primer: Text;
  steps: { vi: string[]; en: string[] };
  bodyParts: string[];
  primaryMuscles: string[];
  equipment: string[];
  kind: string;
  level: string;
  drawings: { start: string; end: string };
};
type Mapping = {
  id: number;
  exercise: string;
  sets: number;
  reps?: number;
  seconds?: number;
  restSeconds: number;
  perSide?: boolean;
  tempo?: Text;
};
type Lesson = {
  id: number;
  slug: string;
  name: Text;
  level: string;
  minutes: number;
  equipment: string[];
  week?: number;
  session?: number;
  blocks: { warmUp: Mapping[]; main: Mapping[]; coolDown: Mapping[] };
};
type WorkoutType = { id: number; slug: string; name: Text; description: Text; lessons: Lesson[] };
type Programme = { types: WorkoutType[]; newbie: WorkoutType & { weeks: number; sessionsPerWeek: number } };

const dir = new URL('./', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, dir), 'utf8');
const exercisesRaw = read('exercises.json');
const programmeRaw = read('programme.json');
const { exercises } = JSON.parse(exercisesRaw) as { exercises: Exercise[] };
const programme = JSON.parse(programmeRaw) as Programme;
const bySlug = new Map(exercises.map((e) => [e.slug, e]));
const lessons = [...programme.types.flatMap((t) => t.lessons), ...programme.newbie.lessons];
const mappings = lessons.flatMap((l) => [...l.blocks.warmUp, ...l.blocks.main, ...l.blocks.coolDown]);

const BODY_PARTS = ['chest', 'back', 'shoulders', 'arms', 'legs-glutes', 'core', 'full-body', 'stretching'];
const KINDS = ['compound', 'isolation', 'warm-up', 'stretch'];
const LEVELS = ['beginner', 'intermediate', 'advanced'];
const VI_MARKS = /[àáạảãâầấậẩẫăằắặẳẵèéẹẻẽêềếệểễìíịỉĩòóọỏõôồốộổỗơờớợởỡùúụủũưừứựửữỳýỵỷỹđ]/i;

/** Every Vietnamese text of the content, with where it comes from. */
function vietnamese(): [string, string][] {
  const out: [string, string][] = [];
  for (const e of exercises) {
    out.push([`${e.slug}.name`, e.name.vi], [`${e.slug}.primer`, e.primer.vi]);
    e.steps.vi.forEach((s, i) => out.push([`${e.slug}.steps.${i}`, s]));
  }
  for (const t of [...programme.types, programme.newbie])
    out.push([`${t.slug}.name`, t.name.vi], [`${t.slug}.description`, t.description.vi]);
  for (const l of lessons) out.push([`${l.slug}.name`, l.name.vi]);
  for (const m of mappings) if (m.tempo) out.push([`mapping ${m.id}.tempo`, m.tempo.vi]);
  return out;
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('workout exercises', () => {
  it('has at least 80 Everkinetic exercises and 8 own warm-up or stretching moves', () => {
    const everkinetic = exercises.filter((e) => e.source === 'everkinetic');
    const own = exercises.filter((e) => e.source === 'own');
    expect(everkinetic.length).toBeGreaterThanOrEqual(80);
    expect(own.filter((e) => e.kind === 'warm-up' || e.kind === 'stretch').length).toBeGreaterThanOrEqual(8);
    for (const e of everkinetic) expect(e.everkineticId, e.slug).toMatch(/^\d{4}$/);
    for (const e of own) expect(e.everkineticId, e.slug).toBeNull();
    expect(new Set(everkinetic.map((e) => e.everkineticId)).size).toBe(everkinetic.length);
  });

  it('has unique slugs and known body parts, kinds, levels', () => {
    expect(new Set(exercises.map((e) => e.slug)).size).toBe(exercises.length);
    for (const e of exercises) {
      expect(e.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(e.bodyParts.length, e.slug).toBeGreaterThan(0);
      for (const part of e.bodyParts) expect(BODY_PARTS, e.slug).toContain(part);
      expect(KINDS, e.slug).toContain(e.kind);
      expect(LEVELS, e.slug).toContain(e.level);
      expect(e.primaryMuscles.length, e.slug).toBeGreaterThan(0);
      expect(e.equipment.length, e.slug).toBeGreaterThan(0);
    }
  });

  it('has English and Vietnamese names, primers and steps, step for step, and the Vietnamese is not the English', () => {
    for (const e of exercises) {
      for (const lang of ['vi', 'en'] as const) {
        expect(e.name[lang].trim(), `${e.slug} name.${lang}`).not.toBe('');
        expect(e.primer[lang].trim(), `${e.slug} primer.${lang}`).not.toBe('');
        expect(e.steps[lang].length, `${e.slug} steps.${lang}`).toBeGreaterThan(0);
        for (const s of e.steps[lang]) expect(s.trim(), `${e.slug} step`).not.toBe('');
      }
      expect(e.steps.vi.length, `${e.slug} steps vi/en`).toBe(e.steps.en.length);
      expect(e.name.vi, e.slug).not.toBe(e.name.en);
      expect(e.primer.vi, e.slug).not.toBe(e.primer.en);
      e.steps.vi.forEach((s, i) => expect(s, `${e.slug} step ${i}`).not.toBe(e.steps.en[i]));
    }
  });

  it('writes every Vietnamese sentence with its diacritics', () => {
    for (const [where, text] of vietnamese()) {
      expect(text.trim(), where).not.toBe('');
      if (text.trim().split(/\s+/).length >= 2) expect(text, where).toMatch(VI_MARKS);
    }
  });

  it('has both drawings of every exercise, each a parseable SVG with a viewBox', async () => {
    const referenced = new Set<string>();
    for (const e of exercises) {
      for (const file of [e.drawings.start, e.drawings.end]) {
        referenced.add(file);
        const url = new URL(`drawings/${file}`, dir);
        expect(existsSync(url), file).toBe(true);
        const svg = readFileSync(url, 'utf8');
        expect(svg, file).toMatch(/^<svg [^>]*viewBox="[\d.]+ [\d.]+ [\d.]+ [\d.]+"/);
        expect(svg, file).not.toMatch(/^<svg [^>]*\b(width|height)=/);
        const meta = await sharp(Buffer.from(svg)).metadata();
        expect(meta.format, file).toBe('svg');
        expect(meta.width, file).toBeGreaterThan(0);
      }
      if (e.source === 'everkinetic')
        expect(e.drawings).toEqual({
          start: `${e.everkineticId}-relaxation.svg`,
          end: `${e.everkineticId}-tension.svg`,
        });
      else expect(e.drawings).toEqual({ start: `own-${e.slug}-start.svg`, end: `own-${e.slug}-end.svg` });
    }
    expect(readdirSync(new URL('drawings/', dir)).sort()).toEqual([...referenced].sort());
  });
});

describe('workout programme', () => {
  it('has every body-part type with at least two lessons, and a newbie plan of 4 weeks × 3 sessions', () => {
    expect(programme.types.map((t) => t.slug).sort()).toEqual([...BODY_PARTS].sort());
    for (const t of programme.types) expect(t.lessons.length, t.slug).toBeGreaterThanOrEqual(2);
    const { newbie } = programme;
    expect(newbie.slug).toBe('newbie');
    expect(newbie.lessons).toHaveLength(12);
    expect(newbie.lessons.map((l) => `${l.week}-${l.session}`)).toEqual(
      [1, 2, 3, 4].flatMap((w) => [1, 2, 3].map((s) => `${w}-${s}`)),
    );
    const typeIds = [...programme.types.map((t) => t.id), newbie.id];
    expect(new Set(typeIds).size).toBe(typeIds.length);
  });

  it('has unique lesson ids and slugs, and complete lessons', () => {
    expect(new Set(lessons.map((l) => l.id)).size).toBe(lessons.length);
    expect(new Set(lessons.map((l) => l.slug)).size).toBe(lessons.length);
    for (const l of lessons) {
      expect(Number.isInteger(l.id), l.slug).toBe(true);
      expect(LEVELS, l.slug).toContain(l.level);
      expect(l.minutes, l.slug).toBeGreaterThanOrEqual(5);
      expect(l.minutes, l.slug).toBeLessThanOrEqual(90);
      expect(l.blocks.warmUp.length, l.slug).toBeGreaterThan(0);
      expect(l.blocks.main.length, l.slug).toBeGreaterThan(0);
      expect(l.blocks.coolDown.length, l.slug).toBeGreaterThan(0);
      const equipment = new Set(
        [...l.blocks.warmUp, ...l.blocks.main, ...l.blocks.coolDown].flatMap(
          (m) => bySlug.get(m.exercise)?.equipment ?? [],
        ),
      );
      equipment.delete('bodyweight');
      expect(new Set(l.equipment), l.slug).toEqual(equipment);
    }
  });

  it('maps only existing exercises, with unique integer ids and reps or seconds', () => {
    expect(new Set(mappings.map((m) => m.id)).size).toBe(mappings.length);
    for (const m of mappings) {
      expect(Number.isInteger(m.id) && m.id > 0, `mapping ${m.id}`).toBe(true);
      expect(bySlug.has(m.exercise), `mapping ${m.id} → ${m.exercise}`).toBe(true);
      expect(Number.isInteger(m.sets) && m.sets >= 1, `mapping ${m.id}`).toBe(true);
      expect((m.reps === undefined) !== (m.seconds === undefined), `mapping ${m.id}: reps or seconds`).toBe(true);
      const amount = m.reps ?? m.seconds ?? 0;
      expect(Number.isInteger(amount) && amount > 0, `mapping ${m.id}`).toBe(true);
      expect(Number.isInteger(m.restSeconds) && m.restSeconds >= 0, `mapping ${m.id}`).toBe(true);
      if (m.tempo) expect(m.tempo.vi && m.tempo.en, `mapping ${m.id}`).toBeTruthy();
    }
  });

  it('warms up and cools down with warm-up and stretching moves, and trains the type’s body part', () => {
    for (const l of lessons) {
      for (const m of [...l.blocks.warmUp, ...l.blocks.coolDown])
        expect(['warm-up', 'stretch'], `${l.slug}: ${m.exercise}`).toContain(bySlug.get(m.exercise)?.kind);
    }
    for (const t of programme.types) {
      if (t.slug === 'full-body' || t.slug === 'stretching') continue;
      for (const l of t.lessons)
        for (const m of l.blocks.main)
          expect(bySlug.get(m.exercise)?.bodyParts, `${l.slug}: ${m.exercise}`).toContain(t.slug);
    }
  });
});

describe('content files', () => {
  it('have no text longer than 1000 characters and no NUL characters', () => {
    for (const [name, raw] of [
      ['exercises.json', exercisesRaw],
      ['programme.json', programmeRaw],
    ]) {
      expect(raw.includes('\u0000'), name).toBe(false);
      for (const s of strings(JSON.parse(raw)))
        expect(s.length, `${name}: ${s.slice(0, 40)}`).toBeLessThanOrEqual(1000);
    }
  });
});
