import type { Selectable } from 'kysely';
import type { FileRef } from '#sync/records/record-fields.ts';
import type { Participante, Relator } from '#sync/schemas/capacitaciones-partes.schema.ts';
import type { EvidenciaCapacitacion } from '#sync/schemas/capacitaciones-programa.schema.ts';
import type { Capacitacion } from '#sync/schemas/capacitaciones.schema.ts';
import type { Db } from '#server/db/database.ts';
import type { CapacitacionesTable } from '#server/db/schema.ts';

/** Sessions read whole: the row and its three lists, each in its own table (migration 0009). */

type SessionRow = Selectable<CapacitacionesTable>;

const json = <T>(text: string | null) => (text === null ? null : (JSON.parse(text) as T));
const state = (value: number): 0 | 1 => (value === 1 ? 1 : 0);
const CHUNK = 500;

interface Children {
  Participantes: Participante[];
  Relatores: Relator[];
  Evidencias: EvidenciaCapacitacion[];
}

function toWire(row: SessionRow, children: Children): Capacitacion {
  return {
    IdCapacitacion: row.IdCapacitacion,
    IdEmpresa: row.IdEmpresa,
    Estado: state(row.Estado),
    Version: row.Version,
    IdTipoCapacitacion: row.IdTipoCapacitacion,
    IdPrograma: row.IdPrograma,
    Tema: row.Tema,
    Fecha: row.Fecha,
    HoraInicio: row.HoraInicio,
    Lugar: row.Lugar,
    DuracionHoras: row.DuracionHoras,
    IdNivel2: row.IdNivel2,
    IdNivel3: row.IdNivel3,
    RutContratista: row.RutContratista,
    IdCliente: row.IdCliente,
    CargosParticipantes: json<string[]>(row.CargosParticipantes) ?? [],
    Realizada: state(row.Realizada),
    FechaRealizacion: row.FechaRealizacion,
    VigenciaMeses: row.VigenciaMeses,
    Evaluada: state(row.Evaluada),
    IdUsuario: row.IdUsuario,
    ...children,
  };
}

/** The lists of each session, in their order, read a chunk of sessions at a time. */
async function childrenOf(db: Db, ids: readonly string[]): Promise<Map<string, Children>> {
  const found = new Map<string, Children>(ids.map((id) => [id, { Participantes: [], Relatores: [], Evidencias: [] }]));
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    const [participants, presenters, evidence] = await Promise.all([
      db
        .selectFrom('capacitacion_participantes')
        .selectAll()
        .where('IdCapacitacion', 'in', chunk)
        .orderBy('IdCapacitacion')
        .orderBy('Posicion')
        .execute(),
      db
        .selectFrom('capacitacion_relatores')
        .selectAll()
        .where('IdCapacitacion', 'in', chunk)
        .orderBy('IdCapacitacion')
        .orderBy('Posicion')
        .execute(),
      db
        .selectFrom('capacitacion_evidencias')
        .selectAll()
        .where('IdCapacitacion', 'in', chunk)
        .orderBy('IdCapacitacion')
        .orderBy('Posicion')
        .execute(),
    ]);
    for (const row of participants) {
      found.get(row.IdCapacitacion)!.Participantes.push({
        Id: row.Id,
        IdPersona: row.IdPersona,
        IdCargo: row.IdCargo,
        RunPersona: row.RunPersona,
        Nombre: row.Nombre,
        RutContratista: row.RutContratista,
        IdNivel2: row.IdNivel2,
        IdNivel3: row.IdNivel3,
        Asistio: state(row.Asistio),
        Nota: row.Nota,
        Firma: json<FileRef>(row.Firma),
        FirmadoEn: row.FirmadoEn,
        FechaVencimiento: row.FechaVencimiento,
        Estado: state(row.Estado),
      });
    }
    for (const row of presenters) {
      found.get(row.IdCapacitacion)!.Relatores.push({
        Id: row.Id,
        IdUsuario: row.IdUsuario,
        IdCargo: row.IdCargo,
        IdPersona: row.IdPersona,
        Nombre: row.Nombre,
        Rut: row.Rut,
        Firma: json<FileRef>(row.Firma),
        FirmadoEn: row.FirmadoEn,
        Estado: state(row.Estado),
      });
    }
    for (const row of evidence) {
      found.get(row.IdCapacitacion)!.Evidencias.push({
        Id: row.Id,
        Evidencia: row.Evidencia,
        Nombre: row.Nombre,
        TipoEvidencia: row.TipoEvidencia as EvidenciaCapacitacion['TipoEvidencia'],
        Archivo: json<FileRef>(row.Archivo)!,
        Fecha: row.Fecha,
        Estado: state(row.Estado),
      });
    }
  }
  return found;
}

export async function withChildren(db: Db, rows: SessionRow[]): Promise<Capacitacion[]> {
  const children = await childrenOf(
    db,
    rows.map((row) => row.IdCapacitacion),
  );
  return rows.map((row) => toWire(row, children.get(row.IdCapacitacion)!));
}
