import { z } from 'zod';
import { pageNumber, pageSize } from './input.ts';

/** Every answer: `{ code, data, msg }`; `errors` names the fields at fault. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    code: z.number().int(),
    data: data,
    msg: z.string(),
    errors: z.record(z.string(), z.string()).optional(),
  });

export const errorEnvelope = z.object({
  code: z.number().int(),
  data: z.null().optional(),
  msg: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

export type Envelope<T> = { code: number; data: T; msg: string; errors?: Record<string, string> };

/** Page query shared by every list: `offset` is the 1-based page number, as the console sends it. */
export const pageQuery = z.object({
  limit: pageSize().default(10),
  offset: pageNumber().default(1),
});
export const pageSizes = [10, 15, 20, 30, 50, 100, 300, 400] as const;
export const defaultPageSize = 20;
