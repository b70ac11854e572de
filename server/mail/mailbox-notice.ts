import type { Config } from '../config.ts';
import { isLoopbackHost } from '../http/loopback.ts';

export interface StartNotice {
  info: string[];
  /** Printed loudly: the mailbox or the missing relay exposes or strands accounts. */
  warnings: string[];
}

/** What the server says at start about its mail: where the local mailbox is served, and what that risks. */
export function mailboxNotice(config: Pick<Config, 'smtp' | 'host' | 'mailboxOpen'>, address: string): StartNotice {
  if (config.smtp) return { info: [], warnings: [] };
  const info = config.mailboxOpen
    ? [`Sin SMTP: los correos se guardan en la base y se leen en ${address}/buzon desde cualquier dirección (MAILBOX_OPEN=1).`]
    : [`Sin SMTP: los correos se guardan en la base y se leen en ${address}/buzon, solo desde este equipo (MAILBOX_OPEN=1 lo abre a la red).`];
  const warnings: string[] = [];
  if (!isLoopbackHost(config.host)) {
    warnings.push(
      `ATENCIÓN: el servidor escucha en ${config.host}, accesible desde la red, y no hay SMTP configurado (SMTP_HOST).`,
      'ATENCIÓN: los correos no salen de este equipo: nadie en la red recibe sus códigos de recuperación ni avisos.',
    );
    if (config.mailboxOpen) {
      warnings.push('ATENCIÓN: MAILBOX_OPEN=1: cualquiera que alcance este servidor lee en /buzon los códigos de recuperación de todas las empresas y puede tomar sus cuentas.');
    }
  }
  return { info, warnings };
}
