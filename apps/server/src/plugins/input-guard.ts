import type { FastifyInstance } from 'fastify';
import { textFault } from '@cc/contracts/input';
import { AppError } from '../lib/app-error.ts';
import { fieldName } from './errors.ts';

/** The first string (value or key) in `value` that cannot be stored as text, with its path; iterative, so depth costs no stack. */
export function findTextFault(value: unknown): { path: string; key: 'v.text.nul' | 'v.text.surrogate' } | null {
  const stack: { v: unknown; path: string }[] = [{ v: value, path: '' }];
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string') {
      const key = textFault(v);
      if (key) return { path, key };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: path ? `${path}.${i}` : String(i) });
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        const inner = path ? `${path}.${k}` : k;
        const key = textFault(k);
        if (key) return { path: inner.replace(/[^\x20-\x7e]/g, '?'), key };
        stack.push({ v: child, path: inner });
      }
    }
  }
  return null;
}

/**
 * The last line of defence behind the schemas (packages/contracts/src/input.ts): no string with U+0000 or a lone
 * surrogate in the params, query or body of any call reaches a handler, so a schema that forgets `text()` cannot
 * turn into a database error. Routes that verify a signature over the raw body set `config.verbatimBody`.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    // (A call without a body does not look its route's options up: each look-up builds them anew.)
    const body = request.body === undefined || request.routeOptions.config.verbatimBody ? undefined : request.body;
    const fault = findTextFault(request.params) ?? findTextFault(request.query) ?? findTextFault(body);
    if (!fault) return done();
    const said = { key: fault.key, params: { field: fieldName(request.locale, fault.path) } };
    done(new AppError('INVALID_INPUT', undefined, { [fault.path || '_']: said }, said));
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body is checked by the handler as received (a signed callback): the input guard leaves it alone. */
    verbatimBody?: boolean;
  }
}
