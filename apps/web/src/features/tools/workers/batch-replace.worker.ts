// The replacements run here so that a runaway regular expression (nested repetition such as (a+)+ on a long line)
// blocks this worker, which the page stops, rather than the page itself.
import { BadRuleError, batchReplace } from '../lib/batch-replace.ts';
import type { ReplaceReply, ReplaceRequest } from './batch-replace-protocol.ts';

self.onmessage = (e: MessageEvent<ReplaceRequest>) => {
  const { id, text, rules } = e.data;
  let reply: ReplaceReply;
  try {
    reply = { id, outcome: { status: 'done', result: batchReplace(text, rules) } };
  } catch (err) {
    reply = {
      id,
      outcome: err instanceof BadRuleError ? { status: 'badRule', index: err.index, message: err.message } : { status: 'failed', message: err instanceof Error ? err.message : String(err) },
    };
  }
  self.postMessage(reply);
};
