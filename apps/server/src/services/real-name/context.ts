import type { FastifyInstance } from 'fastify';
import type { Db } from '@cc/db/client';
import { sandboxSecret } from '../../adapters/payment/sandbox-secret.ts';
import { createSandboxVerifier, verificationNotifyJob, verifierKey, type SandboxVerifier } from '../../adapters/verification/sandbox.ts';
import type { Verifier } from '../../adapters/verification/verifier.ts';
import { secretBox, type SecretBox } from '../../lib/secret-box.ts';
import { serverBaseUrl } from '../payments/context.ts';

export interface RealNameContext {
  db: Db;
  box: SecretBox;
  /** The verifying party of new verifications; the sandbox until a real provider is configured. */
  verifier: Verifier;
  verifierByName(name: string): Verifier | undefined;
  sandbox: SandboxVerifier;
  /** Outside production the answers name the sandbox's review page, so the console can offer it as a link. */
  showReviewPage: boolean;
}

const contexts = new WeakMap<Db, RealNameContext>();

/** The verifier and its job, made once per app (the signed-in and public route plugins share it). */
export function realNameContext(app: FastifyInstance): RealNameContext {
  const known = contexts.get(app.db);
  if (known) return known;
  const sandbox = createSandboxVerifier({ db: app.db, key: verifierKey(sandboxSecret(app.config)) });
  const ctx: RealNameContext = {
    db: app.db,
    box: secretBox(app.config),
    verifier: sandbox,
    verifierByName: (name) => (name === sandbox.name ? sandbox : undefined),
    sandbox,
    showReviewPage: app.config.NODE_ENV !== 'production',
  };
  contexts.set(app.db, ctx);
  app.jobs.register(verificationNotifyJob, async (job) => {
    await sandbox.deliver(job.payload.id, serverBaseUrl(app));
  });
  return ctx;
}
