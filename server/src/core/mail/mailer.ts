import nodemailer from 'nodemailer';
import type { Queryable } from '../db/database';

export interface OutgoingMail {
  clientUuid: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends through SMTP when SMTP_URL is set; every mail is also kept in `mail_outbox` (the developers' outbox). */
export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(db: Queryable, mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createMailer(options: { smtpUrl: string | undefined; from: string }): Mailer {
  const transporter = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    transport: transporter ? 'smtp' : 'outbox',
    async send(db, mail) {
      if (transporter) {
        await transporter.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
      }
      await db.query(
        `INSERT INTO mail_outbox (client_uuid, recipient, subject, text_body, html_body, transport)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [mail.clientUuid, mail.to, mail.subject, mail.text, mail.html, transporter ? 'smtp' : 'outbox'],
      );
    },
    close() {
      transporter?.close();
    },
  };
}
