import { computeCompliance } from '#sync/domain/compliance.ts';
import { formatDisplayDate } from '#sync/domain/dates.ts';
import { formatRut } from '#sync/domain/rut.ts';
import type { ChecklistReportData, Observacion, ReportImage, ReportObservation } from '#sync/schemas/inspecciones.schema.ts';
import type { FileRef } from '#sync/schemas/trabajadores.schema.ts';
import type { AppDeps } from '../../app-env.ts';
import type { Viewer } from '../../tenancy/viewer.ts';
import { listMasks } from '../auth/auth.repo.ts';
import { findVersion } from '../formularios/formularios.repo.ts';
import * as repo from './inspecciones.repo.ts';

/** How the report's images travel: signed URLs for a browser, `data:` URLs for the server's own PDF renderer. */
export type ImageMode = 'signed-url' | 'data-url';

type ReportDeps = Pick<AppDeps, 'db' | 'files' | 'now'>;

function imageLoader(deps: ReportDeps, mode: ImageMode) {
  return async (file: FileRef): Promise<ReportImage> => {
    if (mode === 'data-url') {
      const stored = await deps.files.get(file.Sha256);
      if (stored) return { Sha256: file.Sha256, Tipo: stored.type, Url: `data:${stored.type};base64,${stored.bytes.toString('base64')}` };
    }
    return { Sha256: file.Sha256, Tipo: file.Tipo, Url: deps.files.signedUrl(file.Sha256, deps.now()) };
  };
}

function stateText(observation: Observacion): string {
  if (observation.Aprobada === 1) return 'Aprobada';
  return observation.Respondida === 1 ? 'Respondida' : 'Abierta';
}

async function namesById(deps: ReportDeps, company: string, table: 'niveles' | 'trabajadores', ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  if (table === 'niveles') {
    const rows = await deps.db.selectFrom('niveles').select(['IdNivel', 'Nombre']).where('IdEmpresa', '=', company).where('IdNivel', 'in', ids).execute();
    return new Map(rows.map((row) => [row.IdNivel, row.Nombre]));
  }
  const rows = await deps.db
    .selectFrom('trabajadores')
    .select(['IdPersona', 'Nombres', 'ApellidoPaterno', 'ApellidoMaterno'])
    .where('IdEmpresa', '=', company)
    .where('IdPersona', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.IdPersona, [row.Nombres, row.ApellidoPaterno, row.ApellidoMaterno].filter(Boolean).join(' ')]));
}

/**
 * The checklist report (spec 2.4, "Report data") of one inspection, from the database: the same shape the device
 * builds offline, drawn by the same document. Undefined when the inspection does not exist, was deleted or is not
 * visible to `viewer`.
 */
export async function buildChecklistReport(deps: ReportDeps, company: string, viewer: Viewer, id: string, mode: ImageMode): Promise<ChecklistReportData | undefined> {
  const row = await repo.findInspection(deps.db, company, id);
  if (!row || row.Estado !== 1 || !repo.canSee(viewer, row)) return undefined;
  const inspection = repo.toWireInspeccion(row);
  const content = await findVersion(deps.db, company, inspection.IdFormulario, inspection.VersionFormulario);
  const empresa = await deps.db.selectFrom('empresas').select(['NombreEmpresa', 'RutEmpresa', 'LogoArchivo']).where('IdEmpresa', '=', company).executeTakeFirst();
  if (!content || !empresa) return undefined;
  const image = imageLoader(deps, mode);
  const masks = new Map((await listMasks(deps.db, company)).map((mask) => [mask.TipoNv, mask.Nombre]));
  const levels = await namesById(deps, company, 'niveles', [inspection.IdNivel2, inspection.IdNivel3].filter((level): level is string => level !== null));
  const workers = await namesById(deps, company, 'trabajadores', inspection.Observados);

  const logoType = empresa.LogoArchivo ? (await deps.files.describeForCompany(empresa.LogoArchivo, company))?.Tipo ?? 'image/png' : null;
  const rows: { Etiqueta: string; Valor: string }[] = [
    { Etiqueta: 'Fecha', Valor: formatDisplayDate(inspection.Fecha) },
    { Etiqueta: 'Lugar', Valor: inspection.Lugar },
  ];
  if (inspection.IdNivel2) rows.push({ Etiqueta: masks.get(2) ?? 'Nivel 2', Valor: levels.get(inspection.IdNivel2) ?? '' });
  if (inspection.IdNivel3) rows.push({ Etiqueta: masks.get(3) ?? 'Nivel 3', Valor: levels.get(inspection.IdNivel3) ?? '' });
  rows.push({ Etiqueta: 'Supervisor', Valor: inspection.Supervisor });
  if (inspection.Observados.length) rows.push({ Etiqueta: 'Trabajadores observados', Valor: inspection.Observados.map((worker) => workers.get(worker) ?? '').filter(Boolean).join(', ') });
  if (inspection.EquipoTrabajo) rows.push({ Etiqueta: 'Equipo de trabajo', Valor: inspection.EquipoTrabajo });
  if (inspection.RutContratista) rows.push({ Etiqueta: 'Contratista', Valor: formatRut(inspection.RutContratista) });
  if (inspection.IdCliente) rows.push({ Etiqueta: 'Cliente', Valor: inspection.IdCliente });
  for (const campo of content.CamposEncabezado) rows.push({ Etiqueta: campo.Etiqueta, Valor: inspection.Encabezado[campo.IdCampo] ?? '' });

  const answers = new Map(inspection.Respuestas.map((answer) => [answer.IdEnunciado, answer]));
  let number = 0;
  const preguntas = content.Items.map((item) => ({
    Item: item.Nombre,
    Enunciados: item.Enunciados.map((statement) => {
      const answer = answers.get(statement.IdEnunciado);
      number += 1;
      return {
        Numero: number,
        Texto: statement.Texto,
        Respuesta: answer?.Respuesta ?? null,
        Subpreguntas: statement.Subpreguntas.map((sub) => ({ Texto: sub.Texto, Respuesta: answer?.Subrespuestas[sub.IdSubpregunta] ?? '' })),
      };
    }),
  }));
  const compliance = computeCompliance(content, inspection.Respuestas);

  const observations = (await repo.observationsOf(deps.db, company, id)).map(repo.toWireObservacion);
  const report = async (observation: Observacion): Promise<ReportObservation> => ({
    Enunciado: observation.Enunciado,
    Observacion: observation.Observacion,
    Responsable: observation.Responsable,
    Plazo: observation.Plazo,
    SemaforoObs: observation.SemaforoObs,
    Severidad: observation.Severidad,
    EstadoTexto: stateText(observation),
    // A PDF attachment cannot be drawn in the report: only images are its photos.
    Fotos: await Promise.all(observation.Archivos.filter((file) => file.Tipo.startsWith('image/')).map(image)),
  });
  const ofType = (tipo: Observacion['TipoObs']) => Promise.all(observations.filter((observation) => observation.TipoObs === tipo).map(report));

  return {
    Empresa: {
      Nombre: empresa.NombreEmpresa,
      Rut: formatRut(empresa.RutEmpresa),
      Logo: empresa.LogoArchivo && logoType ? await image({ Sha256: empresa.LogoArchivo, Tipo: logoType as FileRef['Tipo'] }) : null,
    },
    Titulo: inspection.NombreFormulario,
    Encabezado: { Columnas: content.ColumnasEncabezado, Filas: rows },
    Preguntas: preguntas,
    Nota: { Porcentaje: inspection.Porcentaje, Nota: inspection.Nota, Cumple: compliance.Cumple, NoCumple: compliance.NoCumple, NoAplica: compliance.NoAplica },
    Firmas: await Promise.all(
      inspection.Firmas.map(async (firma) => ({
        Rol: firma.Rol,
        Nombre: firma.Nombre,
        Rut: firma.Rut ? formatRut(firma.Rut) : '',
        Cargo: firma.Cargo,
        Imagen: await image(firma.Archivo),
        FirmadoEn: firma.FirmadoEn,
      })),
    ),
    Observaciones: await ofType('Checklist'),
    ObservacionesG: await ofType('General'),
    ObservacionesB: await ofType('Brechas'),
  };
}
