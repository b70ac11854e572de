import { expiryDate } from '../domain/validity.ts';
import { defineWorkflow, transition, type TransitionContext } from '../records/workflow.ts';
import {
  type AprobarDocumento,
  AprobarDocumentoSchema,
  type ComentarDocumento,
  ComentarDocumentoSchema,
  DOCUMENTOS_MESSAGES,
  type DocumentoRequisito,
  documentoRequisitoEntity,
  type EstadoDocumento,
  type PasoDocumento,
  type RechazarDocumento,
  RechazarDocumentoSchema,
  type SubirDocumento,
  SubirDocumentoSchema,
} from './contratistas-documentos.schema.ts';

type Row = DocumentoRequisito;

/** The state the follow-up shows: a renewal under way is what waits for someone; the document in force stays in force. */
export function documentState(row: Pick<Row, 'EstadoDocumento' | 'Renovacion'>): EstadoDocumento {
  return row.Renovacion && row.Renovacion.Estado !== 'rechazado' ? row.Renovacion.Estado : row.EstadoDocumento;
}

const step = (who: TransitionContext, Accion: PasoDocumento['Accion'], extra: Partial<PasoDocumento> = {}): PasoDocumento => ({
  Fecha: who.now.toISOString(),
  IdUsuario: who.user,
  Nombre: who.userName,
  Accion,
  ...extra,
});

const dueDate = (row: Row, issued: string) => expiryDate(issued, row.PeriodoMeses) ?? '';

/**
 * Requirement follow-up (issue 37): pending → uploaded → in review → approved (in force) or rejected with a coded
 * reason; a rejected one is uploaded again. A document in force takes a renewal, reviewed the same way, which
 * replaces it only when approved: no gap. "About to expire" and "expired" are read from `FechaVencimiento`.
 */
/** A review step lands on the renewal uploaded over a document in force (which stays in force meanwhile), else on the document. */
function reviewed(row: Row, state: 'en_revision' | 'rechazado', reason?: { Motivo: string }): Row {
  if (row.Renovacion) return { ...row, Renovacion: { ...row.Renovacion, Estado: state, ...reason } };
  return { ...row, EstadoDocumento: state, ...reason };
}

export const documentoRequisitoWorkflow = defineWorkflow({
  entity: documentoRequisitoEntity,
  stateOf: (row: Row) => documentState(row),
  states: [
    { value: 'pendiente', label: 'Pendientes', name: 'Pendiente', empty: 'No hay documentos pendientes de subir.' },
    { value: 'subido', label: 'Subidos', name: 'Subido', empty: 'No hay documentos subidos esperando revisión.' },
    { value: 'en_revision', label: 'En revisión', name: 'En revisión', empty: 'No hay documentos en revisión.' },
    { value: 'aprobado', label: 'Aprobados', name: 'Aprobado', empty: 'Aún no hay documentos aprobados.' },
    { value: 'rechazado', label: 'Rechazados', name: 'Rechazado', empty: 'No hay documentos rechazados.' },
  ],
  notFound: { message: DOCUMENTOS_MESSAGES.notFound, status: 404 },
  transitions: {
    subir: transition<Row, SubirDocumento>({
      label: 'Subir documento',
      action: 'editar',
      call: { method: 'POST', path: '/gestion-requisitos/:company/:id/documento' },
      body: SubirDocumentoSchema,
      from: ['pendiente', 'subido', 'rechazado', 'aprobado'],
      wrongState: { message: DOCUMENTOS_MESSAGES.alreadyDecided, code: 'DOCUMENTO_EN_REVISION' },
      apply: (row, body, who) =>
        row.EstadoDocumento === 'aprobado'
          ? { ...row, Renovacion: { ...body, Estado: 'subido', Motivo: '' }, Historial: [...row.Historial, step(who, 'renovacion')] }
          : { ...row, EstadoDocumento: 'subido', ...body, Motivo: '', Historial: [...row.Historial, step(who, 'subido')] },
      files: (body) => [body.Archivo.Sha256],
      message: DOCUMENTOS_MESSAGES.uploaded,
      summary: 'Sube el documento de un requisito { Archivo: { Sha256, Tipo }, FechaEmision }; sobre uno aprobado, queda como renovación',
    }),
    revisar: transition<Row>({
      label: 'Revisar',
      action: 'aprobar',
      call: { method: 'POST', path: '/gestion-requisitos/:company/:id/revision' },
      from: ['subido'],
      wrongState: { message: DOCUMENTOS_MESSAGES.notUploaded, code: 'DOCUMENTO_NO_SUBIDO' },
      apply: (row, _body, who) => ({ ...reviewed(row, 'en_revision'), Historial: [...row.Historial, step(who, 'en_revision')] }),
      message: DOCUMENTOS_MESSAGES.sentToReview,
      summary: 'Toma un documento subido para revisarlo: pasa a en revisión',
    }),
    aprobar: transition<Row, AprobarDocumento>({
      label: 'Aprobar',
      action: 'aprobar',
      call: { method: 'POST', path: '/gestion-requisitos/:company/:id/aprobar' },
      body: AprobarDocumentoSchema,
      from: ['en_revision'],
      wrongState: { message: DOCUMENTOS_MESSAGES.notInReview, code: 'DOCUMENTO_NO_EN_REVISION' },
      apply: (row, body, who) => {
        const approved = row.Renovacion ?? row;
        return {
          ...row,
          EstadoDocumento: 'aprobado',
          Archivo: approved.Archivo,
          FechaEmision: approved.FechaEmision,
          FechaVencimiento: dueDate(row, approved.FechaEmision),
          Motivo: '',
          ConDeuda: row.ControlDeuda === 1 ? (body.ConDeuda ?? null) : null,
          Renovacion: null,
          Historial: [...row.Historial, step(who, 'aprobado')],
        };
      },
      message: DOCUMENTOS_MESSAGES.approved,
      summary: 'Aprueba el documento en revisión { ConDeuda: 0 | 1 si el requisito controla deuda }: queda vigente hasta su emisión más el período',
    }),
    rechazar: transition<Row, RechazarDocumento>({
      label: 'Rechazar',
      action: 'aprobar',
      call: { method: 'POST', path: '/gestion-requisitos/:company/:id/rechazar' },
      body: RechazarDocumentoSchema,
      from: ['subido', 'en_revision'],
      wrongState: { message: DOCUMENTOS_MESSAGES.notUploaded, code: 'DOCUMENTO_NO_SUBIDO' },
      apply: (row, body, who) => ({
        ...reviewed(row, 'rechazado', { Motivo: body.Motivo }),
        Historial: [...row.Historial, step(who, 'rechazado', { Motivo: body.Motivo, ...(body.Comentario ? { Comentario: body.Comentario } : {}) })],
      }),
      message: DOCUMENTOS_MESSAGES.rejected,
      summary: 'Rechaza un documento subido o en revisión { Motivo: formato | datos | incompleto | vencido, Comentario }',
    }),
    comentar: transition<Row, ComentarDocumento>({
      label: 'Comentar',
      action: 'editar',
      call: { method: 'POST', path: '/gestion-requisitos/:company/:id' },
      body: ComentarDocumentoSchema,
      from: ['pendiente', 'subido', 'en_revision', 'aprobado', 'rechazado'],
      wrongState: { message: DOCUMENTOS_MESSAGES.notFound },
      apply: (row, body, who) => ({ ...row, Historial: [...row.Historial, step(who, 'comentario', { Comentario: body.Comentario })] }),
      message: DOCUMENTOS_MESSAGES.commented,
      summary: 'Agrega un comentario a la historia del documento (spec: POST /gestion-requisitos/{emp}/{IdRequisito})',
    }),
  },
});
