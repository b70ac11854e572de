import { describe, expect, it } from 'vitest';
import { dayPassStateText, worksitePasses } from './day-pass-view.ts';

const pass = { Token: 'abc.def', Revocado: 0 as const, Hasta: '2026-12-19', MotivoRevocacion: '' };

describe('a day pass on the office’s list', () => {
  it('says whether it waits for its signature, holds, lapsed or was revoked', () => {
    expect(dayPassStateText({ ...pass, Token: '' }, '2026-11-21')).toBe('Por firmar: el servidor lo firma al sincronizar');
    expect(dayPassStateText(pass, '2026-12-19')).toBe('Válido hasta el 19/12/2026');
    expect(dayPassStateText(pass, '2026-12-20')).toBe('Venció el 19/12/2026');
    expect(dayPassStateText({ ...pass, Revocado: 1, MotivoRevocacion: 'Terminó su contrato' }, '2026-11-21')).toBe('Revocado: Terminó su contrato');
  });

  it('lists the worksite’s live passes, the one waiting for its signature first, then the newest', () => {
    const rows = [
      { IdPase: 'a', IdNivel2: 'andes', Estado: 1 as const, Emitido: '2026-11-20T10:00:00.000Z' },
      { IdPase: 'b', IdNivel2: 'andes', Estado: 1 as const, Emitido: '' },
      { IdPase: 'c', IdNivel2: 'ruta5', Estado: 1 as const, Emitido: '2026-11-21T10:00:00.000Z' },
      { IdPase: 'd', IdNivel2: 'andes', Estado: 1 as const, Emitido: '2026-11-21T10:00:00.000Z' },
      { IdPase: 'e', IdNivel2: 'andes', Estado: 0 as const, Emitido: '2026-11-21T11:00:00.000Z' },
    ];
    expect(worksitePasses(rows, 'andes').map((row) => row.IdPase)).toEqual(['b', 'd', 'a']);
  });
});
