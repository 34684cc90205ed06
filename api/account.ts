import { z } from 'zod';

export const accountTypes = ['EMPLOYEE', 'MEMBER', 'PT', 'LEADER', 'GM'] as const;
export const accountTypeSchema = z.enum(accountTypes);
export type AccountType = z.infer<typeof accountTypeSchema>;
