import { once } from 'node:events';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback that keeps every message it receives as its raw bytes (SMTP_URL points at it). */
export interface MailSink {
  url: string;
  received: Buffer[];
  close(): Promise<void>;
}

export async function startMailSink(): Promise<MailSink> {
  const received: Buffer[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks));
        done();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}
