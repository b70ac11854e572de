import { describe, expect, it } from 'vitest';
import { failureNoticeOfEntry, manyRefusedDeletes, refusalOfEntry } from './outbox-labels.ts';

/**
 * Spec part 2, section 8: the failure notices of roles, the training programme, accidents and contractor companies,
 * said before the server's reason wherever a refused write is read (the office screens that wait for it,
 * Sincronización, the correction form).
 */
const refused = (recordKey: string, method: 'POST' | 'PUT' | 'DELETE', path: string, message = 'Motivo del servidor') => ({
  recordKey,
  method,
  path,
  lastError: { status: 409, message },
});

describe('the spec notice of a refused write, before the server reason', () => {
  it('names the three role failures by what the write did', () => {
    expect(refusalOfEntry(refused('roles:1', 'POST', '/api/roles/post/e', 'Ya existe un rol con ese nombre'))).toBe(
      'No se pudo crear el rol: Ya existe un rol con ese nombre',
    );
    expect(refusalOfEntry(refused('roles:1', 'PUT', '/api/roles/put/e/1'))).toBe('No se pudo actualizar el rol: Motivo del servidor');
    expect(refusalOfEntry(refused('roles:1', 'DELETE', '/api/roles/delete/e/1'))).toBe('No se pudo eliminar el rol: Motivo del servidor');
  });

  it('names the two training programme failures, and none for its delete (the spec names none)', () => {
    expect(failureNoticeOfEntry(refused('programas_capacitacion:a', 'POST', '/api/capacitaciones/programa/e'))).toBe(
      'Error al crear el programa de capacitación',
    );
    expect(failureNoticeOfEntry(refused('programas_capacitacion:a', 'PUT', '/api/capacitaciones/programa/e'))).toBe(
      'Error al editado el programa de capacitación',
    );
    expect(refusalOfEntry(refused('programas_capacitacion:a', 'DELETE', '/api/capacitaciones/programa/a/e'))).toBe('Motivo del servidor');
  });

  it('names the accident delete failure, and not the close or reopen a verb names', () => {
    expect(refusalOfEntry(refused('incidentes:a', 'DELETE', '/api/accidentes/registro-accidentes/a/e'))).toBe(
      'Error al eliminar el accidente: Motivo del servidor',
    );
    expect(failureNoticeOfEntry(refused('incidentes:a', 'POST', '/api/accidentes/registro-accidentes/cerrar/registro/a'))).toBeUndefined();
  });

  it('says the server reason alone for a record whose failures the spec does not name', () => {
    expect(refusalOfEntry(refused('cargos:a', 'POST', '/api/cargos/e'))).toBe('Motivo del servidor');
    expect(refusalOfEntry(refused('empresas_contratistas:a', 'PUT', '/api/empresa-contratistas/contratistas/desactivar/e'))).toBe(
      'Motivo del servidor',
    );
  });
});

describe('several refused deletes of one kind', () => {
  it('say the plural notices of accidents and contractor companies once each, from two refused deletes on', () => {
    const entries = [
      refused('incidentes:a', 'DELETE', '/x'),
      refused('incidentes:b', 'DELETE', '/x'),
      refused('empresas_contratistas:c', 'DELETE', '/x'),
      refused('empresas_contratistas:d', 'DELETE', '/x'),
      refused('empresas_contratistas:e', 'DELETE', '/x'),
      refused('roles:1', 'DELETE', '/x'),
      refused('roles:2', 'DELETE', '/x'),
    ];
    expect(manyRefusedDeletes(entries)).toEqual([
      'Error al eliminar los accidentes: el servidor rechazó 2 eliminaciones.',
      'Error al eliminar algunas empresas: el servidor rechazó 3 eliminaciones.',
    ]);
    expect(manyRefusedDeletes(entries.slice(0, 1))).toEqual([]);
  });
});
