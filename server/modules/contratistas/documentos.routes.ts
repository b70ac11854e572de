import { Hono } from 'hono';
import { toWireDate } from '#sync/domain/dates.ts';
import { DOCUMENTOS_MESSAGES, documentoRequisitoEntity, type DocumentoRequisito } from '#sync/schemas/contratistas-documentos.schema.ts';
import { documentoRequisitoWorkflow } from '#sync/schemas/contratistas-documentos.workflow.ts';
import type { AppEnv } from '#server/app-env.ts';
import { HttpError } from '#server/http/http-error.ts';
import { recordRoutes } from '#server/records/record-routes.ts';
import { workflowRoutes } from '#server/records/workflow-routes.ts';
import type { WorkflowRules } from '#server/records/workflow-transition.ts';
import type { WriteContext } from '#server/records/write-answer.ts';
import { requireSession } from '#server/tenancy/require-session.ts';
import type { Viewer } from '#server/tenancy/viewer.ts';
import { syncAccreditationsAsking } from './contract-documents.ts';

/** A contractor user reaches its own documents and those of the subcontractors below it in a contract's chain. */
export function canSeeDocument(viewer: Viewer, row: Pick<DocumentoRequisito, 'RutContratista' | 'Superiores'>): boolean {
  if (viewer.kind === 'contratista') return viewer.rut !== '' && (row.RutContratista === viewer.rut || row.Superiores.includes(viewer.rut));
  return viewer.kind === 'empresa';
}

/** Review is the mandante's: a contractor user uploads and comments, whatever its role says. */
const officeOnly = (_row: DocumentoRequisito, ctx: WriteContext) => {
  if (ctx.viewer.kind !== 'empresa') throw new HttpError(403, 'No tienes permiso para revisar documentos de requisitos', 'SIN_PERMISO');
};

/** What only the server judges of a document's transitions; each decision reaches the accreditations. */
export const documentoRules: WorkflowRules<DocumentoRequisito> = {
  visible: canSeeDocument,
  allowed: { revisar: officeOnly, aprobar: officeOnly, rechazar: officeOnly },
  check: {
    subir: (_row: DocumentoRequisito, body: { FechaEmision: string }, ctx: WriteContext) => {
      if (body.FechaEmision > toWireDate(ctx.now)) throw new HttpError(400, DOCUMENTOS_MESSAGES.issueDateFuture, 'FECHA_FUTURA');
    },
    aprobar: (row: DocumentoRequisito, body: { ConDeuda: 0 | 1 | null }) => {
      if (row.ControlDeuda === 1 && body.ConDeuda === null) throw new HttpError(400, DOCUMENTOS_MESSAGES.debtRequired, 'DEUDA_REQUERIDA');
    },
  },
  saved: (ctx, db, row) => syncAccreditationsAsking(ctx, db, row.IdRequisito),
};

/**
 * Requirement follow-up (spec: GET /gestion-requisitos/{emp}[/{id}], POST /gestion-requisitos/{emp}/{IdRequisito}
 * to comment; approve and reject made real): every decision recomputes the accreditations of the contracts asking the
 * requirement, in its transaction. The detail signs the addresses of its files, so the office reads a document
 * before deciding.
 */
export const documentosRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .route(
    '/',
    workflowRoutes(documentoRequisitoWorkflow, documentoRules),
  )
  .route(
    '/',
    recordRoutes(documentoRequisitoEntity, {
      rules: { visible: canSeeDocument },
      detailExtras: (c, row) => {
        const { files, now } = c.get('deps');
        return { Urls: files.signedUrls(documentoRequisitoEntity.files!(row), now()) };
      },
      summaries: {
        detail:
          'Un documento de requisito (también anulado) con enlaces firmados de su archivo y del de su renovación en Urls { sha256: url }; ' +
          'data null si no existe o no es visible',
      },
    }),
  );
