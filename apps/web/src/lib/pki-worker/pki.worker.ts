// The console's one PKI worker: every feature that makes keys or reads requests sends its jobs here.
import { isPkiError } from '@cc/pki/errors';
import { runPkiJob } from './jobs.ts';
import type { PkiJobReply, PkiJobRequest } from './protocol.ts';

const post = (reply: PkiJobReply) => self.postMessage(reply);

self.onmessage = async (e: MessageEvent<PkiJobRequest>) => {
  const { id, job, input } = e.data;
  const started = performance.now();
  try {
    const output = await runPkiJob(job, input as never, (done, total) => post({ id, kind: 'progress', done, total }));
    post({ id, kind: 'done', job, output, ms: Math.round(performance.now() - started) } as PkiJobReply);
  } catch (err) {
    post({ id, kind: 'error', code: isPkiError(err) ? err.code : null, message: err instanceof Error ? err.message : String(err) });
  }
};
