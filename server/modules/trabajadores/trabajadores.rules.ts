import {
  COMPANY_TYPES,
  contractorFieldsError,
  personalEmailError,
  TRABAJADORES_MESSAGES,
  type Trabajador,
} from '#sync/schemas/trabajadores.schema.ts';
import { CERTIFICACIONES_MESSAGES } from '#sync/schemas/certificaciones.schema.ts';
import { HttpError } from '#server/http/http-error.ts';
import type { RecordRules } from '#server/records/record-writes.ts';
import { canSeeContractorRows, type Viewer } from '#server/tenancy/viewer.ts';
import * as repo from './trabajadores.repo.ts';

const forbidden = () => new HttpError(403, TRABAJADORES_MESSAGES.contractorOnly, 'CONTRATISTA_AJENO');
const invalid = (message: string) => new HttpError(400, message, 'VALIDACION');

/** A contractor user writes only their own workers: type 2 with their RUT, whatever the body says. */
function contractorFields(
  viewer: Viewer,
  tipo: number | undefined,
  rut: string | null | undefined,
): Pick<Trabajador, 'TipoEmpresa' | 'RutContratista'> {
  if (viewer.kind === 'contratista') {
    if ((rut && rut !== viewer.rut) || tipo === COMPANY_TYPES.empresa || viewer.rut === '') throw forbidden();
    return { TipoEmpresa: COMPANY_TYPES.contratista, RutContratista: viewer.rut };
  }
  const rutContratista = rut || null;
  const tipoEmpresa =
    tipo === COMPANY_TYPES.contratista || (tipo === undefined && rutContratista) ? COMPANY_TYPES.contratista : COMPANY_TYPES.empresa;
  return { TipoEmpresa: tipoEmpresa, RutContratista: rutContratista };
}

const byId =
  <Child>(key: keyof Child) =>
  (child: Child) =>
    String(child[key]);

/** A worker's own rules: contractor scope, a RUT unique among active workers, replaced files kept as the previous ones. */
export const trabajadorRules: RecordRules<Trabajador> = {
  visible: canSeeContractorRows,
  received(ctx, body) {
    if (ctx.viewer.kind === 'contratista')
      contractorFields(ctx.viewer, body.TipoEmpresa as number | undefined, body.RutContratista as string | undefined);
    // A cleared contractor RUT travels as '' and is stored as null.
    return body.RutContratista === undefined ? body : { ...body, RutContratista: body.RutContratista || null };
  },
  created(ctx, body) {
    const contractor = contractorFields(ctx.viewer, body.TipoEmpresa as number | undefined, body.RutContratista as string | undefined);
    const fieldsError = contractorFieldsError(contractor.TipoEmpresa, contractor.RutContratista);
    if (fieldsError) throw invalid(fieldsError);
    return {
      ...(body as unknown as Trabajador),
      ...contractor,
      FichaMedicaAnterior: null,
      FirmaAnterior: null,
      IdEmpresa: ctx.company,
      Estado: 1,
      Version: 1,
    };
  },
  merged(_ctx, merged, current, changed) {
    // The replaced file stays reachable (spec: FichaMedicaAnterior, FirmaAnterior).
    return {
      ...merged,
      FichaMedicaAnterior: changed.includes('FichaMedica') ? current.FichaMedica : current.FichaMedicaAnterior,
      FirmaAnterior: changed.includes('Firma') ? current.Firma : current.FirmaAnterior,
    };
  },
  async check(ctx, db, worker, current) {
    const fieldsError = contractorFieldsError(worker.TipoEmpresa, worker.RutContratista) ?? personalEmailError(worker);
    if (fieldsError) throw invalid(fieldsError);
    // Certifications added from the catalogue name one of the company's; older ones keep their free-text name.
    const known = new Set(current?.certificaciones.map((child) => child.IdCertificacion));
    const chosen = [
      ...new Set(
        worker.certificaciones
          .filter((child) => !known.has(child.IdCertificacion) && child.IdCertificacionCatalogo)
          .map((child) => child.IdCertificacionCatalogo!),
      ),
    ];
    if ((await ctx.records.certificaciones.activeIds(db, ctx.company, chosen)).size !== chosen.length)
      throw invalid(CERTIFICACIONES_MESSAGES.notInCatalogue);
    if (current && current.RunPersona === worker.RunPersona) return;
    if (await repo.findActiveByRun(db, ctx.company, worker.RunPersona, worker.IdPersona))
      throw new HttpError(409, TRABAJADORES_MESSAGES.rutDuplicate, 'RUT_DUPLICADO');
  },
  same(field, a, b) {
    if (field === 'cargos') return JSON.stringify([...(a as string[])].sort()) === JSON.stringify([...(b as string[])].sort());
    return JSON.stringify(a) === JSON.stringify(b);
  },
  children: [
    { field: 'licencias', idOf: byId<Trabajador['licencias'][number]>('IdLicencia') },
    { field: 'certificaciones', idOf: byId<Trabajador['certificaciones'][number]>('IdCertificacion') },
    { field: 'evidencias', idOf: byId<Trabajador['evidencias'][number]>('IdEvidencia') },
  ],
};
