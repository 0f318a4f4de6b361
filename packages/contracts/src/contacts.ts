import { z } from 'zod';
import { cnMobilePattern, emailPattern } from '@cc/domain/account';
import { pageQuery } from './envelope.ts';
import { id, requiredText, text } from './input.ts';

/** Order contacts (document 02 §3, §5): every field required but idCard; messages are keys of messages.ts. */

export const contactInput = z.object({
  lastname: requiredText(50),
  firstname: requiredText(50),
  position: requiredText(100),
  email: text(254, 'v.emailFormat').trim().regex(emailPattern, { message: 'v.emailFormat' }),
  telephone: text(40, 'v.phoneFormat').trim().regex(cnMobilePattern, { message: 'v.phoneFormat' }),
  idCard: text(64).trim().optional().default('').describe('only shown when the site supports CFCA; not validated'),
});
export type ContactInput = z.infer<typeof contactInput>;

export const contactCreateBody = contactInput;
export const contactUpdateBody = contactInput.extend({ id: id() });
export const contactIdParams = z.object({ id: id() });

export const contactListQuery = pageQuery.extend({
  firstname: text(50).trim().optional().describe('substring, case-insensitive'),
  lastname: text(50).trim().optional().describe('substring, case-insensitive'),
});

export const contact = z.object({
  id: z.number().int(),
  lastname: z.string(),
  firstname: z.string(),
  position: z.string(),
  email: z.string(),
  telephone: z.string(),
  idCard: z.string(),
  createdAt: z.string().describe('ISO 8601'),
});
export type Contact = z.infer<typeof contact>;

/** A list answer: `data` is the page, `total` the count of every match. */
export const listAnswer = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), total: z.number().int() });

export const contactListAnswer = listAnswer(contact);
export const contactSavedAnswer = z.object({ id: z.number().int() });
