import { describe, expect, it } from 'vitest';
import type { Incidente } from '#sync/schemas/incidentes.schema.ts';
import type { MedidaControl } from '#sync/schemas/medidas-control.schema.ts';
import { buildIncidentReportData } from './incident-report-data.ts';

const ACT = 'a1';
const CAUSE = 'c1';
const incident = {
  IdEvaluacion: 'caso',
  IdEmpresa: '76123456',
  Estado: 1,
  Version: 2,
  IdAccidente: '20261121090000',
  Clasificacion: 'Accidente CDM',
  CriteriosGravedad: [],
  FechaOcurrencia: '2026-11-20',
  HoraOcurrencia: '09:15:00',
  FechaAlta: '',
  Lugar: 'Acceso de camiones',
  IdNivel2: 'nv2',
  IdNivel3: null,
  ProcesoFaena: '',
  EquipoTrabajo: '',
  FuenteEvento: null,
  AgenteEvento: null,
  TipoEvento: 'te',
  IdPersona: null,
  NombreAccidentado: '',
  Rut: '',
  Cargo: '',
  Edad: null,
  AntiguedadCargo: '',
  RutContratista: null,
  TipoLesion: null,
  ParteCuerpo: null,
  Equipo: null,
  Proceso: '',
  Monto: 1850.5,
  Descripcion: 'La retroexcavadora golpeó el portón.',
  ActosSubestandar: [ACT],
  Factores: [],
  CondicionSubestandar: [],
  CausasBasicas: [CAUSE],
  ItemCausasBasicas: [],
  FaltaControl: [],
  IdRiesgoEspecifico: null,
  Probabilidad: 2,
  Consecuencia: 4,
  NombreInformador: 'Jorge Araya Rojas',
  RutEjecutor: '15234567',
  DvEjecutor: '4',
  FirmaInformador: { Sha256: 'f'.repeat(64), Tipo: 'image/png' },
  FechaConocimiento: '2026-11-20T13:00:00.000Z',
  MedioPrueba: '',
  DiatPresentadaEn: null,
  DiatPresentadaPor: '',
  DiatFolio: '',
  Mutualidad: '',
  SuspensionFaenaEn: null,
  AvisoInspeccionEn: null,
  AvisoSeremiEn: null,
  DatosDiat: {},
  Evidencias: [
    { IdEvidencia: 'e1', Nombre: 'Portón', Archivo: { Sha256: 'a'.repeat(64), Tipo: 'image/jpeg' }, Fecha: '2026-11-20T13:00:00.000Z' },
    { IdEvidencia: 'e2', Nombre: 'Parte policial.pdf', Archivo: { Sha256: 'b'.repeat(64), Tipo: 'application/pdf' }, Fecha: '2026-11-20T13:00:00.000Z' },
  ],
  Declaraciones: [],
  Investigadores: [],
  DiasPerdidos: null,
  Gravedad: 'no_grave',
  ValorRiesgo: 8,
  NivelRiesgo: 'Importante',
  IdCliente: null,
  FechaEvaluacion: '2026-11-20',
  IdUsuario: 7,
  CreadoEn: '2026-11-20T13:05:00.000Z',
  CerradoEn: null,
} satisfies Incidente;

const measure = (fields: Partial<MedidaControl>): MedidaControl => ({
  IdMedidaControl: 'm',
  IdEmpresa: '76123456',
  Estado: 1,
  Version: 1,
  IdEvaluacion: 'caso',
  MedidaControl: 'Designar señalero',
  Plazo: '2026-11-25',
  Responsable: 'Jorge Araya',
  IdResponsable: null,
  Semaforo: 1,
  Respondida: 0,
  Aprobada: 0,
  Archivos: [],
  Respuestas: [],
  RutContratista: null,
  IdCliente: null,
  CreadoEn: '2026-11-20T13:05:00.000Z',
  ...fields,
});

const context = {
  company: { Nombre: 'Constructora Andes Demo SpA', Rut: '761234560', Logo: null },
  levelLabels: { 2: 'Faena', 3: 'Área' } as const,
  names: new Map([
    ['nv2', 'Faena Los Andes'],
    ['te', 'Choque o colisión vehicular'],
    [ACT, 'Operar equipos sin autorización'],
    [CAUSE, 'Estándares de trabajo deficientes'],
  ]),
  loadFile: async (file: { Sha256: string; Tipo: string }) => (file.Sha256 === 'f'.repeat(64) ? null : { Sha256: file.Sha256, Tipo: file.Tipo, Url: 'data:image/jpeg;base64,/9j/' }),
  today: '2026-11-27',
  now: Date.parse('2026-11-27T12:00:00.000Z'),
};

describe('the investigation report data (spec 2.4)', () => {
  it('names what the case points at, leaves out what its classification does not keep and draws only images', async () => {
    const { data, missingFiles } = await buildIncidentReportData({ incident, measures: [measure({}), measure({ IdMedidaControl: 'x', Estado: 0 })] }, context);
    expect(data.Empresa.Rut).toBe('76.123.456-0');
    expect(data.TipoEvento).toContainEqual({ Etiqueta: 'Tipo de evento', Valor: 'Choque o colisión vehicular' });
    expect(data.Antecedentes).toContainEqual({ Etiqueta: 'Faena', Valor: 'Faena Los Andes' });
    expect(data.Antecedentes).toContainEqual({ Etiqueta: 'DIAT', Valor: 'No aplica' });
    // A CDM has no injured person, and its amount is kept.
    expect(data.Lesionados).toEqual([]);
    expect(data.Danos).toContainEqual({ Etiqueta: 'Monto (USD)', Valor: '1.850,50' });
    expect(data.Evidencias).toEqual([
      { Nombre: 'Portón', Imagen: { Sha256: 'a'.repeat(64), Tipo: 'image/jpeg', Url: 'data:image/jpeg;base64,/9j/' } },
      { Nombre: 'Parte policial.pdf', Imagen: null },
    ]);
    expect(data.AnalisisCausal.find((group) => group.Titulo === 'Actos subestándares')?.Items).toEqual(['Operar equipos sin autorización']);
    expect(data.EvaluacionRiesgo).toContainEqual({ Etiqueta: 'Nivel de riesgo', Valor: 'Importante' });
    // The measure past its deadline prints red and Vencida before the server's rule ran on it (SPEC OV1).
    expect(data.Medidas).toEqual([{ Medida: 'Designar señalero', Responsable: 'Jorge Araya', Plazo: '2026-11-25', Semaforo: 3, Estado: 'vencida', EstadoTexto: 'Vencida' }]);
    expect(data.Informante).toMatchObject({ Nombre: 'Jorge Araya Rojas', Rut: '15.234.567-4', Imagen: { Url: '' } });
    expect(missingFiles).toBe(1);
  });

  it('a lost-time accident prints its injured worker, its lost days, "No aplica" as its amount and the DIAT clock', async () => {
    const lostTime = { ...incident, Clasificacion: 'Accidente con tiempo perdido', Monto: null, NombreAccidentado: 'Pedro Rojas', Rut: '15234567-4', FechaAlta: '2026-11-24', DiasPerdidos: 4 } satisfies Incidente;
    const { data } = await buildIncidentReportData({ incident: lostTime, measures: [] }, context);
    expect(data.Lesionados[0]).toContainEqual({ Etiqueta: 'Días perdidos', Valor: '4' });
    expect(data.Danos).toContainEqual({ Etiqueta: 'Monto (USD)', Valor: 'No aplica' });
    expect(data.Antecedentes.find((row) => row.Etiqueta === 'DIAT')?.Valor).toBe('Pendiente: plazo hasta el 21/11/2026 10:00');
  });
});
