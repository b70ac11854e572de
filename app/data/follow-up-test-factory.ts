import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { LocalInspeccion, LocalObservacion } from '#app/db/inspection-rows.ts';

/** Test data for the follow-up lists: a finished inspection and an observation of it, valid as pulled rows. */
export function inspectionRow(overrides: Partial<LocalInspeccion> = {}): LocalInspeccion {
  return {
    IdEvaluacion: uuidV7(),
    IdEmpresa: '76123456',
    IdFormulario: 'f-herramientas',
    VersionFormulario: 1,
    NombreFormulario: 'Herramientas y equipos',
    Tipo: 'inspeccion',
    Fecha: '2026-03-10',
    Lugar: 'Bodega central',
    IdNivel2: 'nv2-norte',
    IdNivel3: 'nv3-faena-a',
    IdSupervisor: 2,
    Supervisor: 'Sofía Rojas',
    Observados: [],
    EquipoTrabajo: 'Cuadrilla 1',
    RutContratista: null,
    IdCliente: null,
    Encabezado: {},
    Respuestas: [{ IdEnunciado: 'e1', Respuesta: 1, Subrespuestas: {} }],
    Firmas: [],
    Porcentaje: 100,
    Nota: 7,
    Estado: 1,
    IniciadaEn: '2026-03-10T12:00:00.000Z',
    FinalizadaEn: '2026-03-10T12:30:00.000Z',
    Version: 1,
    ...overrides,
  };
}

export function observationRow(inspection: LocalInspeccion, overrides: Partial<LocalObservacion> = {}): LocalObservacion {
  return {
    IdObservacion: uuidV7(),
    IdEvaluacion: inspection.IdEvaluacion,
    IdEmpresa: inspection.IdEmpresa,
    IdFormulario: inspection.IdFormulario,
    TipoObs: 'Checklist',
    IdEnunciado: 'e1',
    Enunciado: 'Mangos sin fisuras',
    Observacion: 'Martillo con mango astillado',
    Responsable: 'Pedro Soto',
    IdResponsable: null,
    Plazo: '2026-04-10',
    SemaforoObs: 2,
    Severidad: 'Media',
    Respondida: 0,
    Aprobada: 0,
    Estado: 1,
    EmisorObs: 'Sofía Rojas',
    Archivos: [],
    Respuestas: [],
    Fecha: inspection.Fecha,
    IdNivel2: inspection.IdNivel2,
    IdNivel3: inspection.IdNivel3,
    RutContratista: inspection.RutContratista,
    IdCliente: inspection.IdCliente,
    CreadoEn: inspection.FinalizadaEn,
    Version: 1,
    ...overrides,
  };
}
