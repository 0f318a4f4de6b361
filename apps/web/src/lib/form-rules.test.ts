import { describe, expect, it } from 'vitest';
import type { RuleObject } from 'antd/es/form';
import { contactInput } from '@cc/contracts/contacts';
import { translate } from '@cc/contracts/messages';
import { dcvMailbox } from '@cc/contracts/orders';
import { rulesFrom, schemaMessage } from './form-rules.ts';

const en = (key: string, params?: Record<string, string | number>) => translate('en', key, params);
const zh = (key: string, params?: Record<string, string | number>) => translate('zh', key, params);

/** What antd shows under the field: the rule's error, or null when the value passes. */
async function shown(rule: RuleObject, value: unknown): Promise<string | null> {
  try {
    await rule.validator!(rule, value, () => undefined);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('rulesFrom: a form field checked by the contract schema, in the user language', () => {
  it.each([
    ['email', 'zhang.san@example.com', null],
    ['email', 'not an address', 'Email format incorrect'],
    ['email', '', 'Email format incorrect'],
    ['email', undefined, 'Email format incorrect'],
    ['telephone', '13912345678', null],
    ['telephone', '1391234', 'Phone number format incorrect'],
    ['lastname', '张', null],
    ['lastname', '   ', 'This field is required'],
    ['lastname', undefined, 'This field is required'],
    ['lastname', 'x'.repeat(51), 'Last name must be at most 50 characters'],
    ['idCard', '', null],
    ['idCard', undefined, null],
  ] as const)('%s = %j → %j', async (name, value, want) => {
    const [rule] = rulesFrom(contactInput.shape[name], en, { field: 'Last name' });
    expect(await shown(rule!, value)).toBe(want);
  });

  it('marks the label required exactly when the schema refuses an empty field', () => {
    expect(rulesFrom(contactInput.shape.lastname, en)[0]!.required).toBe(true);
    expect(rulesFrom(contactInput.shape.idCard, en)[0]!.required).toBe(false);
  });

  it('a blank field may be worded apart (a required field whose schema calls blank a format error)', async () => {
    const [rule] = rulesFrom(contactInput.shape.email, en, { empty: en('v.required') });
    expect(await shown(rule!, '  ')).toBe('This field is required');
    expect(await shown(rule!, 'nope')).toBe('Email format incorrect');
    const [optional] = rulesFrom(contactInput.shape.idCard, en, { empty: en('v.required') });
    expect(await shown(optional!, '')).toBeNull();
  });

  it('speaks the language it is given, as the server would', async () => {
    const [rule] = rulesFrom(contactInput.shape.email, zh);
    expect(await shown(rule!, 'nope')).toBe('邮箱格式不正确');
  });

  it('schemaMessage: the first issue of any contract schema, or null', () => {
    expect(schemaMessage(dcvMailbox, 'admin', en)).toBeNull();
    expect(schemaMessage(dcvMailbox, 'two words', en)).toBe(en('orders.dcv.emailFormat'));
  });
});
