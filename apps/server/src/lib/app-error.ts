import { errorCatalog, type ErrorName } from '@cc/contracts/errors';
import type { MessageKey, ParamsArg } from '@cc/contracts/messages';

/** A message key with the values of its {{placeholders}}; the domain rules speak this way too. */
export interface Said {
  key: MessageKey;
  params?: Record<string, string | number>;
}

/**
 * A business error: a code from the catalogue, the message (the catalogue's, or a more precise one that was said),
 * and the fields at fault with their messages. The one error handler translates all of it.
 */
export class AppError extends Error {
  readonly code: number;
  readonly status: number;
  readonly key: string;
  /** What the answer's data carries beside the error (a conflict's current state, say); null when absent. */
  data: unknown = null;
  constructor(
    override readonly name: ErrorName,
    readonly params?: Record<string, string | number>,
    readonly fields?: Record<string, MessageKey | Said>,
    said?: Said,
  ) {
    super(name);
    const e = errorCatalog[name];
    this.code = e.code;
    this.status = e.status;
    this.key = said?.key ?? e.key;
    if (said?.params) this.params = said.params;
  }
}

/** A catalogue error; the values of its message's {{placeholders}} are required when it has some (ParamsArg). */
export const fail = <N extends ErrorName>(name: N, ...rest: [...ParamsArg<(typeof errorCatalog)[N]['key']>, fields?: Record<string, MessageKey | Said>]) => {
  // The tuple is generic in N: its two places read back as what AppError takes.
  const [params, fields] = rest as unknown as [Record<string, string | number> | undefined, Record<string, MessageKey | Said> | undefined];
  return new AppError(name, params, fields);
};
