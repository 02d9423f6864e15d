import { z } from 'zod';

export const visitorsTotalSchema = z.object({ totalVisitors: z.number().int().nonnegative() });
export type VisitorsTotal = z.infer<typeof visitorsTotalSchema>;
