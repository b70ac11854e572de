import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, isLoopbackHost } from '../http/loopback.ts';
import { mailboxNotice } from './mailbox-notice.ts';

const ADDRESS = 'http://localhost:3000';
const SMTP = { host: 'smtp.example.cl', port: 587 };

describe('what the server says about its mail at start', () => {
  it('says where the mailbox is served and that only this machine reads it', () => {
    const notice = mailboxNotice({ host: '127.0.0.1', mailboxOpen: false, smtp: undefined }, ADDRESS);
    expect(notice.info).toEqual([
      'Sin SMTP: los correos se guardan en la base y se leen en http://localhost:3000/buzon, solo desde este equipo (MAILBOX_OPEN=1 lo abre a la red).',
    ]);
    expect(notice.warnings).toEqual([]);
  });

  it('warns loudly when it listens beyond loopback with no SMTP relay, louder still with the mailbox open', () => {
    const closed = mailboxNotice({ host: '0.0.0.0', mailboxOpen: false, smtp: undefined }, ADDRESS);
    expect(closed.warnings.join('\n')).toMatch(/escucha en 0\.0\.0\.0, accesible desde la red, y no hay SMTP configurado/);
    expect(closed.warnings.join('\n')).not.toMatch(/MAILBOX_OPEN/);
    const open = mailboxNotice({ host: '192.168.1.20', mailboxOpen: true, smtp: undefined }, ADDRESS);
    expect(open.info[0]).toMatch(/desde cualquier dirección/);
    expect(open.warnings.at(-1)).toMatch(/MAILBOX_OPEN=1: cualquiera que alcance este servidor lee en \/buzon/);
  });

  it('says nothing when mail leaves through SMTP', () => {
    expect(mailboxNotice({ host: '0.0.0.0', mailboxOpen: false, smtp: SMTP }, ADDRESS)).toEqual({ info: [], warnings: [] });
  });

  it('counts only this machine as loopback', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(address)).toBe(true);
    for (const address of [undefined, '', '10.0.0.7', '192.168.1.20', '::ffff:10.0.0.7', '0.0.0.0', '::', '128.0.0.1', 'fe80::1']) {
      expect(isLoopbackAddress(address)).toBe(false);
    }
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
  });
});
