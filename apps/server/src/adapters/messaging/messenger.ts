import nodemailer from 'nodemailer';
import type { Db } from '@cc/db/client';
import type { Config } from '../../config.ts';

export interface OutgoingMessage {
  channel: 'mail' | 'sms';
  to: string;
  subject: string;
  body: string;
}

/** Sends mail and SMS. Every message is kept in the outbox; mail also goes out by SMTP when it is configured. */
export interface Messenger {
  send(msg: OutgoingMessage): Promise<void>;
}

export function createMessenger(config: Config, db: Db): Messenger {
  const smtp = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : undefined;
  return {
    async send(msg) {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO outbox (channel, to_addr, subject, body) VALUES ($1, $2, $3, $4) RETURNING id`,
        [msg.channel, msg.to, msg.subject, msg.body],
      );
      if (msg.channel !== 'mail' || !smtp || !row) return;
      try {
        await smtp.sendMail({ from: config.MAIL_FROM, to: msg.to, subject: msg.subject, text: msg.body });
        await db.query(`UPDATE outbox SET sent_at = now() WHERE id = $1`, [row.id]);
      } catch (e) {
        await db.query(`UPDATE outbox SET error = $2 WHERE id = $1`, [row.id, String(e).slice(0, 500)]);
        throw e;
      }
    },
  };
}
