import nodemailer from 'nodemailer';
import type { SmtpConfig } from '../config.ts';
import type { Db } from '../db/database.ts';

export interface MailAttachment {
  name: string;
  type: string;
  bytes: Uint8Array;
  /** Where the file store keeps it: what the local mailbox links to. */
  sha256: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  attachment?: MailAttachment;
}

/**
 * Every message is kept in `correos`. With SMTP configured it is also sent; without it, it stays readable at
 * the local mailbox page (/buzon) so sign-up and recovery work on a fresh machine.
 */
export class Mailer {
  private readonly transport;

  constructor(
    private readonly db: Db,
    private readonly from: string,
    smtp: SmtpConfig | undefined,
  ) {
    this.transport = smtp
      ? nodemailer.createTransport({
          host: smtp.host,
          port: smtp.port,
          secure: smtp.port === 465,
          auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
        })
      : null;
  }

  get keepsMailLocally(): boolean {
    return this.transport === null;
  }

  /** `db`: the transaction the message belongs to, when it is sent from inside one (the connection is held). */
  async send(mail: OutgoingMail, now: Date, db: Db = this.db): Promise<void> {
    let estado: 'guardado' | 'enviado' | 'error' = 'guardado';
    let error = '';
    if (this.transport) {
      try {
        const attachments = mail.attachment
          ? [{ filename: mail.attachment.name, contentType: mail.attachment.type, content: Buffer.from(mail.attachment.bytes) }]
          : undefined;
        await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text, attachments });
        estado = 'enviado';
      } catch (failure) {
        estado = 'error';
        error = String(failure);
      }
    }
    await db
      .insertInto('correos')
      .values({
        Para: mail.to,
        Asunto: mail.subject,
        Texto: mail.text,
        Estado: estado,
        Error: error,
        Fecha: now.toISOString(),
        AdjuntoSha256: mail.attachment?.sha256 ?? null,
        AdjuntoNombre: mail.attachment?.name ?? null,
      })
      .execute();
    if (estado === 'error') throw new Error(`No se pudo enviar el correo: ${error}`);
  }
}
