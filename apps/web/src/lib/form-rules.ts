import type { RuleObject } from 'antd/es/form';
import type { z } from 'zod';
import { messagesReady } from '../i18n/index.ts';

/** Translates a shared message key of @cc/contracts (the console's `msg`). */
export type MessageOf = (key: string, params?: Record<string, string | number>) => string;

const bound = (v: unknown) => (typeof v === 'number' || typeof v === 'bigint' ? String(v) : '');

/**
 * What the contract's schema says of a value: null when it passes, else the first issue in the user's language,
 * worded as the server words it ({{field}}, {{max}}, {{min}} filled in), so the form and the answer agree.
 */
export function schemaMessage(schema: z.ZodType, value: unknown, msg: MessageOf, field = ''): string | null {
  const r = schema.safeParse(value);
  if (r.success) return null;
  const issue = r.error.issues[0];
  if (!issue) return null;
  const { maximum, minimum } = issue as { maximum?: unknown; minimum?: unknown };
  return msg(issue.message, { field, max: bound(maximum), min: bound(minimum) });
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * antd Form `rules` from a contract's field schema, so a form checks a field with the very schema the server
 * validates the request with instead of retyping its length, pattern and message. An untouched field (undefined)
 * is checked as the empty text a form sends; the label shows the required mark when the schema refuses that.
 * `field` names the field in messages such as "{{field}} must be at most {{max}} characters"; `empty` words a
 * blank field where the schema's own word for it (a format error, say) would puzzle the user.
 */
export function rulesFrom(schema: z.ZodType, msg: MessageOf, opts: { field?: string; empty?: string } = {}): RuleObject[] {
  return [
    {
      required: !schema.safeParse('').success,
      validator: async (_rule, value: unknown) => {
        // The rule messages may still be on their way (they come after the first paint): a check waits for them.
        await messagesReady();
        const said = opts.empty !== undefined && isBlank(value) && !schema.safeParse('').success ? opts.empty : schemaMessage(schema, value ?? '', msg, opts.field);
        if (said !== null) throw new Error(said);
      },
    },
  ];
}
