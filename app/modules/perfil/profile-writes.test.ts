import type { OutboxEntry } from '#sync/outbox/outbox-entry.ts';
import type { Session } from '#sync/schemas/auth.schema.ts';
import type { CompanyProfile, UserProfile } from '#sync/schemas/perfil.schema.ts';
import { describe, expect, it } from 'vitest';
import { describeEntry, refusalOfEntry } from '#app/data/outbox-labels.ts';
import {
  companyProfileTarget,
  inlineImageUrl,
  profileWrite,
  sessionWithCompanyProfile,
  sessionWithUserProfile,
  storedRefusal,
  targetRecordKey,
  userProfileTarget,
  withQueuedWrites,
} from './profile-writes.ts';

const USER = userProfileTarget(7, '76123456');
const COMPANY = companyProfileTarget('76123456');
const PNG = { Tipo: 'image/png' as const, Datos: 'iVBORw0KGgo=' };

const profile: UserProfile = {
  IdUsuario: 7,
  RunPersona: '12345678-5',
  Nombres: 'Jorge',
  ApellidoPaterno: 'Araya',
  ApellidoMaterno: 'Rojas',
  CorreoElectronicoPersona: 'jorge@andesdemo.cl',
  TelefonoPersona: '',
  FechaNacimiento: '1985-04-12',
  Logo: '/api/files/abc?exp=1&sig=x',
  Version: 3,
};

const company: CompanyProfile = {
  IdEmpresa: '76123456',
  RutEmpresa: '761234560',
  NombreEmpresa: 'Constructora Andes',
  Direccion: 'Av. Apoquindo 4501',
  TelefonoEmpresa: '',
  Logo: null,
};

let seq = 0;
function entry(path: string, body: unknown, extra: Partial<OutboxEntry> = {}): OutboxEntry {
  seq += 1;
  return {
    key: `0190f5a0-0000-7000-8000-${String(seq).padStart(12, '0')}`,
    seq,
    method: 'PUT',
    path,
    body,
    payloadVersion: 1,
    createdAt: 0,
    attempts: 0,
    state: 'pending',
    nextAttemptAt: 0,
    recordKey: 'usuarios:7',
    ...extra,
  };
}

describe('the profile writes as the outbox carries them (SPEC OF1)', () => {
  it('Mi Perfil is a PUT of the user record; Perfil Empresa a PUT of the company record', () => {
    expect(profileWrite(USER, { ...profile, Avatar: PNG })).toEqual({
      kind: 'usuarios',
      id: '7',
      request: { method: 'PUT', path: '/api/perfil/perfil_usuario/7/76123456', body: { ...profile, Avatar: PNG } },
    });
    expect(targetRecordKey(USER)).toBe('usuarios:7');
    const body = { NombreEmpresa: 'Constructora Andes SpA', Direccion: '', TelefonoEmpresa: '', Logo: PNG };
    expect(profileWrite(COMPANY, body).request).toEqual({ method: 'PUT', path: '/api/perfil/perfil_empresa/76123456', body });
    expect(targetRecordKey(COMPANY)).toBe('empresas:76123456');
  });

  it('is named in the queue and in Sincronización by what it does and whose it is', () => {
    const mine = entry(USER.path, { Nombres: 'Ana', ApellidoPaterno: 'Rojas' });
    expect(describeEntry(mine, null)).toBe('Editar usuario Ana Rojas');
    const ours = entry(COMPANY.path, { NombreEmpresa: 'Constructora Andes SpA' }, { recordKey: 'empresas:76123456' });
    expect(describeEntry(ours, null)).toBe('Editar empresa Constructora Andes SpA');
    // The spec names no failure notice for the profiles: the server's reason alone.
    expect(refusalOfEntry({ ...ours, lastError: { status: 403, message: 'No tienes permiso' } })).toBe('No tienes permiso');
  });
});

describe('the profile as this device has it', () => {
  it('is the server profile while nothing is queued', () => {
    expect(withQueuedWrites(profile, USER, [])).toBe(profile);
  });

  it('shows the queued writes of the screen on top, in order, and a queued photo from its own bytes', () => {
    const shown = withQueuedWrites(profile, USER, [
      entry(USER.path, { Nombres: 'Jorge Andrés', ApellidoPaterno: 'Araya', TelefonoPersona: '+56 9 1234 5678', Avatar: PNG }),
      // Written from Usuarios: another call on the same record, not this screen's.
      entry('/api/usuarios', { IdUsuario: 7, Nombres: 'Otro' }),
      entry(USER.path, { Nombres: 'Jorge A.', ApellidoPaterno: 'Araya', TelefonoPersona: '', Version: 99 }),
    ]);
    expect(shown).toEqual({ ...profile, Nombres: 'Jorge A.', TelefonoPersona: '', Logo: 'data:image/png;base64,iVBORw0KGgo=' });
  });

  it('shows a queued company logo and name', () => {
    const queued = entry(COMPANY.path, { NombreEmpresa: 'Andes SpA', Direccion: 'Calle 1', TelefonoEmpresa: '', Logo: PNG });
    expect(withQueuedWrites(company, COMPANY, [queued])).toEqual({
      ...company,
      NombreEmpresa: 'Andes SpA',
      Direccion: 'Calle 1',
      Logo: 'data:image/png;base64,iVBORw0KGgo=',
    });
  });

  it('reads only a valid inline image', () => {
    expect(inlineImageUrl({ Tipo: 'image/gif', Datos: 'AAAA' })).toBeNull();
    expect(inlineImageUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(inlineImageUrl(PNG)).toBe('data:image/png;base64,iVBORw0KGgo=');
  });
});

describe('a refusal met before a reload', () => {
  it('is the last refused write of the screen, with the server reason', () => {
    const refused = entry(USER.path, { Nombres: 'X' }, { state: 'dead', lastError: { status: 400, message: 'El nombre es requerido' } });
    const other = entry('/api/usuarios', { Nombres: 'Y' }, { state: 'dead', lastError: { status: 409, message: 'Otro' } });
    expect(storedRefusal(USER, [refused, other, entry(USER.path, { Nombres: 'Z' })])).toEqual({
      key: refused.key,
      message: 'El nombre es requerido',
    });
    expect(storedRefusal(USER, [entry(USER.path, { Nombres: 'Z' }), other])).toBeNull();
  });
});

describe('the stored session follows the profile the server took', () => {
  const session = {
    usuario: {
      ...{ IdUsuario: 7, Nombres: 'Jorge', ApellidoPaterno: 'Araya', ApellidoMaterno: 'Rojas', TelefonoPersona: '' },
      ...{ FechaNacimiento: '1985-04-12', Logo: '/api/files/abc?exp=0&sig=y' },
    },
    empresa: { IdEmpresa: '76123456', NombreEmpresa: 'Constructora Andes', Logo: null },
  } as unknown as Session;

  it('is left alone when only the signature of the same photo changed', () => {
    expect(sessionWithUserProfile(session, profile)).toBeUndefined();
    expect(sessionWithCompanyProfile(session, company)).toBeUndefined();
  });

  it('takes the new names and photo', () => {
    const next = sessionWithUserProfile(session, { ...profile, Nombres: 'Jorge Andrés', Logo: '/api/files/def?exp=1&sig=z' });
    expect(next?.usuario).toMatchObject({ IdUsuario: 7, Nombres: 'Jorge Andrés', Logo: '/api/files/def?exp=1&sig=z' });
    expect(next?.empresa).toBe(session.empresa);
  });

  it('takes the company name and logo', () => {
    const next = sessionWithCompanyProfile(session, { ...company, NombreEmpresa: 'Andes SpA', Logo: '/api/files/l?exp=1' });
    expect(next?.empresa).toEqual({ IdEmpresa: '76123456', NombreEmpresa: 'Andes SpA', Logo: '/api/files/l?exp=1' });
    expect(next?.usuario).toBe(session.usuario);
  });
});
