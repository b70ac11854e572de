import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { Trabajador } from '#sync/schemas/trabajadores.schema.ts';
import { type LocalTrabajador, toLocalTrabajador } from './reference-rows.ts';

/** For tests: an active worker of the demo company as the device stores it, with nothing but a name and a RUT. */
export function localWorker(overrides: Partial<Trabajador> = {}): LocalTrabajador {
  return toLocalTrabajador({
    IdPersona: uuidV7(),
    IdEmpresa: '76123456',
    RunPersona: '12345678-5',
    Nombres: 'Ana',
    ApellidoPaterno: 'Pérez',
    ApellidoMaterno: '',
    cargos: [],
    IdNivel2: null,
    IdNivel3: null,
    IdNivel4: null,
    TipoEmpresa: 1,
    RutContratista: null,
    FichaMedica: null,
    FechaFichaMedica: '0000-00-00 00:00:00',
    FichaMedicaAnterior: null,
    Firma: null,
    FirmaAnterior: null,
    CorreoPersonal: '',
    ConsentimientoCorreo: null,
    licencias: [],
    certificaciones: [],
    evidencias: [],
    Estado: 1,
    Version: 1,
    ...overrides,
  });
}
