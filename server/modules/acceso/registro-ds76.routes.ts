import {
  type RegistroDs76Query,
  RegistroDs76QuerySchema,
  type RegistroDs76Row,
  RegistroDs76RowSchema,
} from '#sync/schemas/acceso-registro.schema.ts';
import { reportListRoute, type ReportScope } from '#server/records/report-lists/report-list-route.ts';
import { reportPage } from '#server/records/report-lists/report-page.ts';
import { permit } from '#server/tenancy/permit.ts';
import {
  contractorCompanies,
  memberships,
  registerRows,
  worksiteAccidents,
  worksiteAccreditations,
  worksiteContracts,
} from './registro-ds76-data.ts';

const PERMISSION = '/control-acceso';

/**
 * Read whole and paged here: a row joins a company's contracts at the worksite, its place in each chain, its
 * accreditation rows and its accidents, which no single query holds. A worksite has tens of companies, not thousands.
 */
async function readRegister({ db, company, viewer, today, query }: ReportScope<RegistroDs76Query>) {
  const worksite = query.IdNivel2;
  const members = memberships(await worksiteContracts(db, company, worksite, today, query.Vigencia), viewer);
  const ruts = [...new Set(members.map((member) => member.rut))];
  const contracts = [...new Set(members.map((member) => member.contract.IdContrato))];
  const [companies, accreditations, accidents] = await Promise.all([
    contractorCompanies(db, company, ruts),
    worksiteAccreditations(db, company, worksite, contracts),
    worksiteAccidents(db, company, worksite, today, ruts),
  ]);
  const rows = registerRows(members, { today, companies, accreditations, accidents });
  const start = (query.Pagina - 1) * query.PorPagina;
  return reportPage<RegistroDs76Row>(query, rows.slice(start, start + query.PorPagina), rows.length);
}

/** GET /api/control-acceso/registro-ds76/{company}: mounted first, before the module's paths of the same shape. */
export const registroDs76Routes = reportListRoute(
  '/registro-ds76',
  {
    tags: ['control-acceso'],
    summary:
      'Registro DS 76 de una faena: las empresas contratistas y subcontratistas que trabajan en ella, con su RUT, para quién ' +
      'trabajan, su mutualidad, su responsable, sus contratos en la faena, sus trabajadores asignados y acreditados hoy, sus ' +
      'accidentes del trabajo de los últimos 12 meses y sus evaluaciones de riesgo (disponibles con la matriz de riesgos). ' +
      '?IdNivel2 (requerido) &Vigencia (vigentes, terminados) &Pagina &PorPagina. { statusCode, data: RegistroDs76Row[], total, Pagina, PorPagina }',
    described: 'Una página del registro DS 76 de una faena',
    row: RegistroDs76RowSchema,
    query: RegistroDs76QuerySchema,
    access: permit(PERMISSION, 'index'),
  },
  readRegister,
);
