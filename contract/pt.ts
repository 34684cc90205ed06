import { z } from 'zod';

// Issue 13 §1 (ADR 044): personal trainers and the PT packages clubs sell. Contracts, booking,
// e-contracts and trial sessions build on these.

/** §3 PT package: sessions to use within a validity, at a price in VND. */
export const ptPackageSchema = z.object({
  id: z.number(),
  clubId: z.number(),
  nameVi: z.string(),
  nameEn: z.string(),
  sessions: z.number(),
  validityDays: z.number(),
  price: z.number(),
  /** VND a session, rounded: what members compare packages by. */
  pricePerSession: z.number(),
  isSilver: z.boolean(),
});
export type PtPackage = z.infer<typeof ptPackageSchema>;

/** One interval of a trainer's week at a club: weekday 1 (Monday) … 7 (Sunday), minutes after 00:00 in Vietnam. */
export const ptWorkingIntervalSchema = z.object({ weekday: z.number(), startMinute: z.number(), endMinute: z.number() });
export type PtWorkingInterval = z.infer<typeof ptWorkingIntervalSchema>;

/** What /pt/select-pt shows of a trainer working at a club. */
export const ptTrainerSchema = z.object({
  ptId: z.number(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
  bioVi: z.string(),
  bioEn: z.string(),
  specialitiesVi: z.array(z.string()),
  specialitiesEn: z.array(z.string()),
  certificates: z.array(z.string()),
  yearsOfExperience: z.number(),
  languages: z.array(z.enum(['vi', 'en'])),
  /** The mean of the members' stars to one decimal; null before the first rating. */
  ratingAverage: z.number().nullable(),
  ratingCount: z.number(),
  /** The trainer's week at this club, by weekday then start. */
  workingHours: z.array(ptWorkingIntervalSchema),
});
export type PtTrainer = z.infer<typeof ptTrainerSchema>;
