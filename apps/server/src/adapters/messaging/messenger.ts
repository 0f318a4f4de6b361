import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@cc/db/client';
import type { Config } from '../../config.ts';

/** A file sent with a mail (an invoice's PDF). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMessage {
  channel: 'mail' | 'sms';
  to: string;
  subject: string;
  body: string;
  /** Mail only. The outbox keeps the text, not the files: they go out by SMTP. */
  attachments?: MailAttachment[];
}

/**
 * Sends mail and SMS. Every message is recorded in the outbox; mail also goes out by SMTP when it is configured, and
 * then only the record stays (its subject and body, which carry codes and links, are blanked once delivered).
 * In development, a message that no transport delivers is printed to the log so that a newcomer can still sign up.
 */
export interface Messenger {
  send(msg: OutgoingMessage): Promise<void>;
}

export function createMessenger(config: Config, db: Db, log?: FastifyBaseLogger): Messenger {
  const smtp = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : undefined;
  // /dev/outbox already shows the message to whoever runs the product with DEV_OUTBOX=on; production logs never carry codes.
  const printUndelivered = config.NODE_ENV !== 'production' && config.DEV_OUTBOX === 'off';
  return {
    async send(msg) {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO outbox (channel, to_addr, subject, body) VALUES ($1, $2, $3, $4) RETURNING id`,
        [msg.channel, msg.to, msg.subject, msg.body],
      );
      if (msg.channel !== 'mail' || !smtp || !row) {
        if (printUndelivered) log?.info({ channel: msg.channel, to: msg.to, subject: msg.subject }, `${msg.channel} to ${msg.to} (not sent: development): ${msg.body}`);
        return;
      }
      try {
        await smtp.sendMail({
          from: config.MAIL_FROM, to: msg.to, subject: msg.subject, text: msg.body,
          ...(msg.attachments?.length ? { attachments: msg.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })) } : {}),
        });
        await db.query(`UPDATE outbox SET sent_at = now(), subject = '', body = '' WHERE id = $1`, [row.id]);
      } catch (e) {
        await db.query(`UPDATE outbox SET error = $2 WHERE id = $1`, [row.id, String(e).slice(0, 500)]);
        throw e;
      }
    },
  };
}
