import type { FormInstance } from 'antd/es/form';
import type { NamePath } from 'antd/es/form/interface';

/** antd's validateFields rejects with this when a field is invalid; its messages already show under the fields. */
function isValidationFailure(e: unknown): boolean {
  return typeof e === 'object' && e !== null && 'errorFields' in e;
}

/**
 * The form's values, or null when a field is invalid (its message is on screen already). antd rejects then,
 * and a handler started with `void` would leave that rejection uncaught; other errors still throw.
 */
export async function validValues<V>(form: FormInstance<V>, names?: NamePath<V>[]): Promise<V | null> {
  try {
    return names ? await form.validateFields(names) : await form.validateFields();
  } catch (e) {
    if (isValidationFailure(e)) return null;
    throw e;
  }
}
