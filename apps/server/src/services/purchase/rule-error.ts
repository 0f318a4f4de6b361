import type { ErrorName } from '@cc/contracts/errors';
import type { MessageKey } from '@cc/contracts/messages';
import { AppError, type Said } from '../../lib/app-error.ts';

export type { Said };

/** A business error whose message and field messages carry parameters ("{{domain}} 重复"). */
export class RuleError extends AppError {
  constructor(errorName: ErrorName, said: Said, fields: Record<string, Said> = {}) {
    super(errorName, said.params, fields, said);
  }
}

export const said = (key: MessageKey, params?: Record<string, string | number>): Said => (params ? { key, params } : { key });
