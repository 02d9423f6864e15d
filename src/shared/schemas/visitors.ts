import { z } from 'zod';

const visitorsTotalSchema = z.object({ totalVisitors: z.number().int().nonnegative() });
export type VisitorsTotal = z.infer<typeof visitorsTotalSchema>;
