import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { listAnswer } from './contacts.ts';
import { calendarDate, id, optionalText, requiredText, text } from './input.ts';

/** Companies (document 02 §3, §5, §7): every field required but digicertID and digicertCnID. */

export const defaultDateOfIncorporation = '2019-01-01';

export const organizationInput = z.object({
  orgName: requiredText(200),
  creditCode: requiredText(64),
  nationCode: requiredText(8).describe('country code, e.g. CN'),
  province: requiredText(100),
  city: requiredText(100),
  postalCode: requiredText(20),
  address: requiredText(500),
  telephone: requiredText(40),
  digicertID: optionalText(100),
  digicertCnID: optionalText(100),
  dateOfIncorporation: z
    .preprocess((v) => (v === '' || v === null ? undefined : v), calendarDate().optional())
    .default(defaultDateOfIncorporation)
    .describe('yyyy-MM-dd; 2019-01-01 when absent'),
});
export type OrganizationInput = z.infer<typeof organizationInput>;

export const organizationListQuery = pageQuery.extend({
  name: text(200).trim().optional().describe('substring of the company name, case-insensitive'),
});

/** The create fields whose presence makes POST /v1/organizations a create rather than a list query. */
const createFields = ['orgName', 'creditCode', 'nationCode', 'province', 'city', 'postalCode', 'address', 'telephone'] as const;

/**
 * POST /v1/organizations is both the list query (limit, offset, name) and the create call (document 02 §7).
 * A body carrying any company field is a create; anything else is a list query. `kind` is set here, not by the caller.
 */
export const organizationPostBody = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return { kind: 'list' };
    if (typeof v !== 'object' || Array.isArray(v)) return v;
    const o = v as Record<string, unknown>;
    return { ...o, kind: createFields.some((f) => f in o) ? 'create' : 'list' };
  },
  z.discriminatedUnion('kind', [
    organizationListQuery.extend({ kind: z.literal('list').describe('set by the server: a body without company fields') }),
    organizationInput.extend({ kind: z.literal('create').describe('set by the server: a body with company fields') }),
  ]),
);

export const organizationUpdateBody = organizationInput.extend({ id: id() });
export const organizationIdParams = z.object({ id: id() });

/** Both readings of a company (document 02 §3): the form's names and the purchase preview's names. */
export const organization = z.object({
  id: z.number().int(),
  name: z.string(),
  creditCode: z.string(),
  country: z.string(),
  province: z.string(),
  locality: z.string(),
  postalCode: z.string(),
  telephone: z.string(),
  registryAddr: z.string(),
  orgName: z.string(),
  nationCode: z.string(),
  city: z.string(),
  address: z.string(),
  digicertID: z.string(),
  digicertCnID: z.string(),
  dateOfIncorporation: z.string().describe('yyyy-MM-dd'),
  createdAt: z.string(),
});
export type Organization = z.infer<typeof organization>;

export const organizationListAnswer = listAnswer(organization);
/** A create answers the new id; a list query answers the page. */
export const organizationPostAnswer = z.union([z.object({ id: z.number().int() }), organizationListAnswer]);
export const organizationSavedAnswer = z.object({ id: z.number().int() });

export const companyLookupBody = z.object({ orgName: requiredText(200) });
/** Maps to the form as name→orgName, country→nationCode, locality→city, registryAddr→address. */
export const companyLookupAnswer = z.object({
  name: z.string(),
  creditCode: z.string(),
  country: z.string(),
  province: z.string(),
  locality: z.string(),
  registryAddr: z.string(),
  postalCode: z.string(),
  telephone: z.string(),
});
export type CompanyLookupResult = z.infer<typeof companyLookupAnswer>;
