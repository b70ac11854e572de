import { describe, expect, it } from 'vitest';
import { INSPECCIONES_MESSAGES } from '../schemas/inspecciones.schema.ts';
import { headerProblems, type InspectionCandidate, type InspectionTemplate, inspectionProblems, inspectionRefusal, UNANSWERED_STATEMENT } from './inspection-rules.ts';
import { RUT_MESSAGES } from './rut.ts';

const M = INSPECCIONES_MESSAGES;

const template: InspectionTemplate = {
  CamposEncabezado: [
    { IdCampo: 'turno', Etiqueta: 'Turno', Tipo: 'texto', Requerido: true },
    { IdCampo: 'equipo', Etiqueta: 'N° de equipo', Tipo: 'numero', Requerido: false },
  ],
  Items: [
    {
      IdItem: 'i1',
      Nombre: 'Herramientas',
      Enunciados: [
        { IdEnunciado: 'e1', Texto: 'Uno', Ponderacion: 1, Subpreguntas: [{ IdSubpregunta: 's1', Texto: 'Código del equipo' }] },
        { IdEnunciado: 'e2', Texto: 'Dos', Ponderacion: 2, Subpreguntas: [] },
      ],
    },
    { IdItem: 'i2', Nombre: 'Orden', Enunciados: [{ IdEnunciado: 'e3', Texto: 'Tres', Ponderacion: 3, Subpreguntas: [] }] },
  ],
};

const signature = { Sha256: 'a'.repeat(64), Tipo: 'image/png' as const };
const checklist = {
  IdObservacion: 'o2',
  TipoObs: 'Checklist' as const,
  IdEnunciado: 'e2',
  Observacion: 'Esmeril sin protección',
  Responsable: 'Juan Soto',
  IdResponsable: null,
  Plazo: '2026-03-17',
  SemaforoObs: 2 as const,
  Severidad: null,
  Archivos: [],
};
const gap = { ...checklist, IdObservacion: 'b1', TipoObs: 'Brechas' as const, IdEnunciado: null, Observacion: 'Falta señalética', Responsable: '', Plazo: null };

/** e1 Cumple (with its sub-answer), e2 No cumple with its observation, e3 No aplica, a gap, signed once. */
function valid(overrides: Partial<InspectionCandidate> = {}): InspectionCandidate {
  return {
    Fecha: '2026-03-10',
    Lugar: 'Taller central',
    Supervisor: 'Sofía Supervisora',
    Observados: [],
    EquipoTrabajo: 'Cuadrilla 1',
    RutContratista: null,
    Encabezado: { turno: 'Mañana' },
    Respuestas: [
      { IdEnunciado: 'e1', Respuesta: 1, Subrespuestas: { s1: 'GH-12' } },
      { IdEnunciado: 'e2', Respuesta: 2, Subrespuestas: {} },
      { IdEnunciado: 'e3', Respuesta: 3, Subrespuestas: {} },
    ],
    Observaciones: [checklist, gap],
    Firmas: [{ IdFirma: 'f1', Rol: 'Ejecutor', Nombre: 'Sofía Supervisora', Rut: null, Cargo: '', Archivo: signature, FirmadoEn: '2026-03-10T12:00:00.000Z' }],
    ...overrides,
  } as InspectionCandidate;
}

const answered = (answers: Record<string, number>) =>
  Object.entries(answers).map(([IdEnunciado, Respuesta]) => ({ IdEnunciado, Respuesta, Subrespuestas: {} })) as InspectionCandidate['Respuestas'];

describe('inspection rules (SPEC IN6-IN10)', () => {
  it('IN6: a complete inspection has no problem and is not refused', () => {
    expect(inspectionProblems(valid(), template)).toEqual([]);
    expect(inspectionRefusal(valid(), template)).toBeNull();
  });

  it('IN6: the refusal is the first problem, and unanswered statements refuse the whole inspection as incomplete', () => {
    expect(inspectionRefusal(valid({ Lugar: ' ', Firmas: [] }), template)).toBe(M.placeRequired);
    const unanswered = valid({ Respuestas: answered({ e1: 1, e3: 3 }), Observaciones: [] });
    expect(inspectionProblems(unanswered, template)).toEqual([{ target: { kind: 'enunciado', id: 'e2' }, message: UNANSWERED_STATEMENT }]);
    expect(inspectionRefusal(unanswered, template)).toBe(M.answersIncomplete);
  });

  it('IN7: the header needs a date, a place, a supervisor, workers or a team, a valid contractor and the required fields', () => {
    const problems = inspectionProblems(valid({ Fecha: '2026-02-30', Lugar: '', Supervisor: ' ', Observados: [], EquipoTrabajo: ' ', RutContratista: '12345678-9', Encabezado: { equipo: '4' } }), template);
    expect(problems).toEqual([
      { target: { kind: 'encabezado', field: 'Fecha' }, message: M.dateRequired },
      { target: { kind: 'encabezado', field: 'Lugar' }, message: M.placeRequired },
      { target: { kind: 'encabezado', field: 'Supervisor' }, message: M.supervisorRequired },
      { target: { kind: 'encabezado', field: 'Observados' }, message: M.observedRequired },
      { target: { kind: 'encabezado', field: 'RutContratista' }, message: RUT_MESSAGES.invalid },
      { target: { kind: 'campo', id: 'turno' }, message: M.headerFieldRequired },
    ]);
    expect(inspectionProblems(valid({ Observados: ['w1'], EquipoTrabajo: '', RutContratista: '12.345.678-5', Encabezado: { turno: 'Noche' } }), template)).toEqual([]);
  });

  it('IN7: the header form checks the header alone, with the messages finishing gives, before the answers exist', () => {
    const header = { Fecha: '2026-03-10', Lugar: '', Supervisor: 'Sofía Supervisora', Observados: [], EquipoTrabajo: '', RutContratista: null, Encabezado: {} };
    expect(headerProblems(header, template)).toEqual([
      { target: { kind: 'encabezado', field: 'Lugar' }, message: M.placeRequired },
      { target: { kind: 'encabezado', field: 'Observados' }, message: M.observedRequired },
      { target: { kind: 'campo', id: 'turno' }, message: M.headerFieldRequired },
    ]);
    expect(headerProblems({ ...header, Lugar: 'Taller central', EquipoTrabajo: 'Cuadrilla 1', Encabezado: { turno: 'Mañana' } }, template)).toEqual([]);
  });

  it('IN8: every statement is answered exactly once with 1, 2 or 3', () => {
    const problems = inspectionProblems(valid({ Respuestas: answered({ e1: 4 }), Observaciones: [gap] }), template);
    expect(problems).toEqual([
      { target: { kind: 'enunciado', id: 'e1' }, message: M.answerInvalid },
      { target: { kind: 'enunciado', id: 'e2' }, message: UNANSWERED_STATEMENT },
      { target: { kind: 'enunciado', id: 'e3' }, message: UNANSWERED_STATEMENT },
    ]);
  });

  it('IN8: an answer to a statement or sub-question the template does not have, or a second answer, is refused', () => {
    const unknown = [
      valid({ Respuestas: [...valid().Respuestas, ...answered({ e99: 1 })] }),
      valid({ Respuestas: [...valid().Respuestas, ...answered({ e1: 1 })] }),
      valid({ Respuestas: valid().Respuestas.map((answer) => (answer.IdEnunciado === 'e1' ? { ...answer, Subrespuestas: { s9: 'x' } } : answer)) }),
    ];
    for (const body of unknown) {
      expect(inspectionProblems(body, template)).toEqual([{ target: { kind: 'general' }, message: M.answerUnknown }]);
      expect(inspectionRefusal(body, template)).toBe(M.answerUnknown);
    }
    // An unknown answer is listed once however many there are, before the statements it left unanswered.
    const replaced = valid({ Respuestas: answered({ e98: 1, e99: 1, e2: 2, e3: 3 }) });
    expect(inspectionProblems(replaced, template)).toEqual([
      { target: { kind: 'general' }, message: M.answerUnknown },
      { target: { kind: 'enunciado', id: 'e1' }, message: UNANSWERED_STATEMENT },
    ]);
  });

  it('IN9: each No cumple needs a Checklist observation with text, a responsible person and a deadline not before the date', () => {
    expect(inspectionProblems(valid({ Observaciones: [gap] }), template)).toEqual([{ target: { kind: 'enunciado', id: 'e2' }, message: M.observationMissing }]);
    const at = (field: string) => ({ kind: 'observacion', id: 'o2', field });
    expect(inspectionProblems(valid({ Observaciones: [{ ...checklist, Observacion: ' ', Responsable: '', Plazo: null }] }), template)).toEqual([
      { target: at('Observacion'), message: M.observationText },
      { target: at('Responsable'), message: M.responsibleRequired },
      { target: at('Plazo'), message: M.deadlineRequired },
    ]);
    expect(inspectionProblems(valid({ Observaciones: [{ ...checklist, Plazo: '2026-03-09' }] }), template)).toEqual([{ target: at('Plazo'), message: M.deadlineBeforeDate }]);
    expect(inspectionProblems(valid({ Observaciones: [{ ...checklist, Plazo: '2026-03-10' }] }), template)).toEqual([]);
    // A second observation of the same statement is checked too.
    const second = { ...checklist, IdObservacion: 'o3', Responsable: '' };
    expect(inspectionProblems(valid({ Observaciones: [checklist, second] }), template)).toEqual([{ target: { kind: 'observacion', id: 'o3', field: 'Responsable' }, message: M.responsibleRequired }]);
  });

  it('IN9: no Checklist observation on a statement not answered 2, nor on one the template does not have', () => {
    expect(inspectionProblems(valid({ Observaciones: [checklist, { ...checklist, IdObservacion: 'o1', IdEnunciado: 'e1' }] }), template)).toEqual([
      { target: { kind: 'general' }, message: M.observationForCompliant },
    ]);
    expect(inspectionRefusal(valid({ Observaciones: [checklist, { ...checklist, IdObservacion: 'o9', IdEnunciado: 'e99' }] }), template)).toBe(M.answerUnknown);
    expect(inspectionRefusal(valid({ Observaciones: [checklist, { ...checklist, IdObservacion: 'o9', IdEnunciado: null }] }), template)).toBe(M.answerUnknown);
  });

  it('IN9: General and Brechas observations belong to the whole inspection and need their text', () => {
    const general = { ...gap, IdObservacion: 'g1', TipoObs: 'General' as const };
    expect(inspectionProblems(valid({ Observaciones: [checklist, { ...general, IdEnunciado: 'e2' }] }), template)).toEqual([{ target: { kind: 'general' }, message: M.generalWithStatement }]);
    expect(inspectionProblems(valid({ Observaciones: [checklist, { ...gap, Observacion: '' }] }), template)).toEqual([
      { target: { kind: 'observacion', id: 'b1', field: 'Observacion' }, message: M.observationText },
    ]);
  });

  it('IN10: exactly one Ejecutor signs, and everyone who signs is named', () => {
    const [executor] = valid().Firmas;
    const signer = { ...executor!, IdFirma: 'f2', Rol: 'Firmante' as const, Nombre: 'Ana Pérez' };
    const firmas = { kind: 'firmas' };
    expect(inspectionProblems(valid({ Firmas: [] }), template)).toEqual([{ target: firmas, message: M.signatureExecutor }]);
    expect(inspectionProblems(valid({ Firmas: [signer] }), template)).toEqual([{ target: firmas, message: M.signatureExecutor }]);
    expect(inspectionProblems(valid({ Firmas: [executor!, { ...executor!, IdFirma: 'f3' }] }), template)).toEqual([{ target: firmas, message: M.signatureExecutor }]);
    expect(inspectionProblems(valid({ Firmas: [executor!, { ...signer, Nombre: ' ' }] }), template)).toEqual([{ target: firmas, message: M.signerName }]);
    expect(inspectionProblems(valid({ Firmas: [executor!, signer] }), template)).toEqual([]);
  });
});
