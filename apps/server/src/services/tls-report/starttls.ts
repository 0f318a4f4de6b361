import net from 'node:net';
import type { Starttls } from '@cc/domain/discovery';

/**
 * The clear-text dialogue that turns a mail connection into a TLS one: SMTP (RFC 3207: greeting 220, EHLO, STARTTLS,
 * 220), IMAP (RFC 3501 §6.2.1: greeting * OK, a STARTTLS command, its tagged OK) and POP3 (RFC 2595 §4: greeting +OK,
 * STLS, +OK). Answers the socket at the point where the client's TLS handshake begins.
 */

/** The longest reply read before giving up: a greeting or EHLO answer is a few hundred bytes. */
const maxReply = 16_384;

type Step = { send?: string; done: (reply: string) => boolean | Error };

const smtpDone = (code: string) => (reply: string) => {
  // A multi-line reply ends with a line of "code<space>"; any other final code is a refusal.
  const last = reply.split('\r\n').filter(Boolean).pop() ?? '';
  if (!/^\d{3} /.test(last) && !/^\d{3}$/.test(last)) return false;
  return last.startsWith(code) ? true : new Error(`smtp: ${last.slice(0, 80)}`);
};
const lineDone = (ok: RegExp, bad: RegExp, what: string) => (reply: string) => {
  const lines = reply.split('\r\n');
  for (const l of lines.slice(0, -1)) {
    if (ok.test(l)) return true;
    if (bad.test(l)) return new Error(`${what}: ${l.slice(0, 80)}`);
  }
  return false;
};

const dialogues: Record<Exclude<Starttls, ''>, Step[]> = {
  smtp: [
    { done: smtpDone('220') },
    { send: 'EHLO certhub-scanner.invalid\r\n', done: smtpDone('250') },
    { send: 'STARTTLS\r\n', done: smtpDone('220') },
  ],
  imap: [
    { done: lineDone(/^\* (OK|PREAUTH)/i, /^\* BYE/i, 'imap') },
    { send: 'a1 STARTTLS\r\n', done: lineDone(/^a1 OK/i, /^a1 (NO|BAD)/i, 'imap') },
  ],
  pop3: [
    { done: lineDone(/^\+OK/i, /^-ERR/i, 'pop3') },
    { send: 'STLS\r\n', done: lineDone(/^\+OK/i, /^-ERR/i, 'pop3') },
  ],
};

/** Connects to ip:port and runs the protocol's STARTTLS dialogue; rejects on a refusal, a close or the timeout. */
export function openStarttls(ip: string, port: number, protocol: Exclude<Starttls, ''>, timeoutMs: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: ip, port });
    const steps = [...dialogues[protocol]];
    let reply = '';
    let settled = false;
    const finish = (e: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.off('data', onData);
      if (e) {
        socket.destroy();
        reject(e);
      } else resolve(socket);
    };
    const timer = setTimeout(() => finish(new Error('timeout')), timeoutMs);
    const onData = (chunk: Buffer) => {
      reply += chunk.toString('latin1');
      if (reply.length > maxReply) return finish(new Error(`${protocol}: reply too long`));
      const verdict = steps[0]!.done(reply);
      if (verdict === false) return;
      if (verdict instanceof Error) return finish(verdict);
      steps.shift();
      reply = '';
      const next = steps[0];
      if (!next) return finish(null);
      socket.write(next.send ?? '');
    };
    socket.on('data', onData);
    socket.once('error', (e: NodeJS.ErrnoException) => finish(new Error(e.code ?? e.message)));
    socket.once('close', () => finish(new Error('closed')));
  });
}
