import { toWireDate } from '#sync/domain/dates.ts';
import { trainingState } from '#sync/domain/training-rules.ts';
import type { InformeBody, InformeFila } from '#sync/schemas/capacitaciones-informes.schema.ts';
import { categoryName } from '#sync/schemas/capacitaciones-tipos.schema.ts';
import type { AppDeps } from '#server/app-env.ts';
import { partiesOf } from '#server/records/dashboard-scope.ts';
import type { Viewer } from '#server/tenancy/viewer.ts';
import { inState, latestOfEachType, monthRange, realisedAttendance } from './asistencias.repo.ts';

/**
 * The trainings report (spec POST /informes/informe/{emp}): one line per attendance of a realised session in the
 * filters, a page at a time, with the names reports print (type, category, position, levels).
 */
export async function trainingReport(deps: AppDeps, company: string, viewer: Viewer, body: InformeBody) {
  const { db, records } = deps;
  const today = toWireDate(deps.now());
  const months = monthRange(body.start, body.end);
  const days = { from: body.desde || months.from, to: body.hasta || months.to };
  let query = realisedAttendance(db, { company, ...days, nv2: body.idNv2 || null, nv3: body.idNv3 || null, ...partiesOf(viewer, { rutContratista: body.RutContratista.replace(/\./g, '').toUpperCase() || null, rutCliente: body.RutCliente || null }) });
  if (body.type) query = query.where('capacitacion_participantes.IdTipoCapacitacion', '=', body.type);
  if (body.IdCapacitacion) query = query.where('capacitacion_participantes.IdCapacitacion', '=', body.IdCapacitacion);
  if (body.IdCargo) query = query.where('capacitacion_participantes.IdCargo', '=', body.IdCargo);
  if (body.trabajadores.length) query = query.where('capacitacion_participantes.RunPersona', 'in', body.trabajadores.map((rut) => rut.replace(/\./g, '').toUpperCase()));
  if (body.estado) query = latestOfEachType(inState(query, body.estado, today));
  const withSession = query.innerJoin('capacitaciones as s', 's.IdCapacitacion', 'capacitacion_participantes.IdCapacitacion');
  const filtered = body.capacitaciones.length ? withSession.where('s.Tema', 'in', body.capacitaciones) : withSession;
  const { total } = await filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await filtered
    .select([
      'capacitacion_participantes.Id',
      'capacitacion_participantes.IdCapacitacion',
      's.Tema',
      's.Lugar',
      'capacitacion_participantes.IdTipoCapacitacion',
      'capacitacion_participantes.FechaRealizacion',
      'capacitacion_participantes.DuracionHoras',
      'capacitacion_participantes.IdPersona',
      'capacitacion_participantes.RunPersona',
      'capacitacion_participantes.Nombre',
      'capacitacion_participantes.IdCargo',
      'capacitacion_participantes.IdNivel2',
      'capacitacion_participantes.IdNivel3',
      'capacitacion_participantes.RutContratista',
      'capacitacion_participantes.Asistio',
      'capacitacion_participantes.Nota',
      'capacitacion_participantes.Evaluada',
      'capacitacion_participantes.FechaVencimiento',
    ])
    .orderBy('capacitacion_participantes.FechaRealizacion', 'desc')
    .orderBy('s.Tema')
    .orderBy('capacitacion_participantes.Nombre')
    .orderBy('capacitacion_participantes.Id')
    .limit(body.PorPagina)
    .offset((body.Pagina - 1) * body.PorPagina)
    .execute();
  const [types, cargos, levels] = await Promise.all([
    records.tipos_capacitacion.listActive(db, company, viewer),
    records.cargos.listActive(db, company, viewer),
    records.niveles.listActive(db, company, viewer),
  ]);
  const typeOf = new Map(types.map((type) => [type.IdTipoCapacitacion, type]));
  const cargoName = new Map(cargos.map((cargo) => [cargo.IdCargo, cargo.NombreCargo]));
  const levelName = new Map(levels.map((level) => [level.IdNivel, level.Nombre]));
  const data: InformeFila[] = rows.map((row) => {
    const type = typeOf.get(row.IdTipoCapacitacion);
    const attendance = { Asistio: row.Asistio === 1 ? (1 as const) : (0 as const), Nota: row.Nota, FechaVencimiento: row.FechaVencimiento };
    const evaluated = row.Evaluada === 1 ? 1 : 0;
    return {
      Id: row.Id,
      IdCapacitacion: row.IdCapacitacion,
      Tema: row.Tema,
      TipoCapacitacion: type?.Nombre ?? '',
      Categoria: type ? categoryName(type.IdCategoria) : '',
      FechaRealizacion: row.FechaRealizacion ?? '',
      Lugar: row.Lugar,
      DuracionHoras: row.DuracionHoras,
      IdPersona: row.IdPersona,
      RunPersona: row.RunPersona,
      Nombre: row.Nombre,
      Cargo: (row.IdCargo && cargoName.get(row.IdCargo)) || '',
      Nivel2: (row.IdNivel2 && levelName.get(row.IdNivel2)) || '',
      Nivel3: (row.IdNivel3 && levelName.get(row.IdNivel3)) || '',
      RutContratista: row.RutContratista,
      ...attendance,
      Evaluada: evaluated,
      Estado: trainingState(attendance, evaluated, today),
    };
  });
  return { statusCode: 200 as const, data, total: Number(total), Pagina: body.Pagina, PorPagina: body.PorPagina };
}
