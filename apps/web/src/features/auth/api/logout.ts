import { http } from '../../../lib/http.ts';
import { purgeSession } from '../../../lib/session.ts';

/** GET /v1/logout, then purge the local session whatever the answer (the token may be gone already). */
export async function logout(): Promise<void> {
  try {
    await http('/v1/logout', { quiet: true, timeout: 5_000 });
  } catch {
    // signing out locally is what matters to the user
  } finally {
    purgeSession();
  }
}
