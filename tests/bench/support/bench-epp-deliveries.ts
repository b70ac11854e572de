import { deliveredItemExpiry } from '#sync/domain/epp-delivery.ts';
import { toWireDate } from '#sync/domain/dates.ts';
import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { seedId } from '#server/seed/demo-seed.ts';

const DAY = 86_400_000;

/**
 * `count` sealed delivery actas of the demo company straight into the tables (one worker each, 1 to 3 lines of the
 * demo catalogue, spread over the last three years, one in 50 annulled), for the bench workers
 * `seedId(company, 'bench', 0..workers-1)` of support/bench-workers.ts. Returns how many lines it wrote.
 */
export async function insertBenchDeliveries(db: Db, company: string, count: number, workers: number, now = new Date()): Promise<number> {
  const tipos = await db.selectFrom('epp_tipos').select(['IdEpp', 'NombreEpp', 'VidaUtilMeses', 'Tallas']).where('IdEmpresa', '=', company).where('Estado', '=', 1).orderBy('NombreEpp').execute();
  const signature = JSON.stringify({ Sha256: '0'.repeat(64), Tipo: 'image/png' });
  let lines = 0;
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += 500) {
      const actas = [];
      const rows = [];
      for (let i = start; i < Math.min(count, start + 500); i += 1) {
        const worker = (i * 7919) % workers;
        const fecha = toWireDate(new Date(now.getTime() - ((i * 37) % 1095) * DAY));
        const id = seedId(company, 'bench-acta', i);
        const person = seedId(company, 'bench', worker);
        const body = String(30_000_000 + worker);
        actas.push({
          IdEntregadosEpp: id,
          IdEmpresa: company,
          IdEntrega: seedId(company, 'bench-cuadrilla', fecha),
          IdPersona: person,
          RunPersona: `${body}-0`,
          NombreTrabajador: `Nombre ${worker}`,
          RutContratista: null,
          IdCliente: null,
          Motivo: 1 + (i % 5),
          Fecha: fecha,
          Entregador: JSON.stringify({ Nombre: 'Bodega', Rut: '15234567-4', Firma: JSON.parse(signature) as unknown }),
          FirmaTrabajador: signature,
          FirmadoEn: `${fecha}T12:00:00.000Z`,
          Corrige: null,
          Sello: id.replace(/-/g, '').padEnd(64, '0'),
          RecibidoEn: `${fecha}T12:07:00.000Z`,
          IdUsuario: 1,
          Anulada: i % 50 === 49 ? 1 : 0,
        });
        for (let line = 0; line < 1 + (i % 3); line += 1) {
          const tipo = tipos[(i + line * 3) % tipos.length]!;
          rows.push({
            IdLinea: seedId(company, 'bench-linea', i, line),
            IdEntregadosEpp: id,
            IdEmpresa: company,
            Orden: line,
            IdPersona: person,
            IdEpp: tipo.IdEpp,
            NombreEpp: tipo.NombreEpp,
            Talla: (JSON.parse(tipo.Tallas) as string[])[0] ?? '',
            Cantidad: 1,
            Fecha: fecha,
            VidaUtilMeses: tipo.VidaUtilMeses,
            VenceEl: deliveredItemExpiry(fecha, tipo.VidaUtilMeses),
          });
        }
      }
      await trx.insertInto('epp_entregas').values(actas).execute();
      for (let at = 0; at < rows.length; at += 500) await trx.insertInto('epp_entregas_lineas').values(rows.slice(at, at + 500)).execute();
      lines += rows.length;
    }
    // Straight into the tables, past the acta's write: its monthly summary rows are rebuilt as migration 0022 builds them.
    await sql`DELETE FROM resumenes_mensuales WHERE "IdEmpresa" = ${company} AND "Indicador" = 'epp.lineas'`.execute(trx);
    await sql`INSERT INTO resumenes_mensuales ("IdEmpresa", "Indicador", "Mes", "Dimension1", "Dimension2", "Dimension3", "Valor")
      SELECT e."IdEmpresa", 'epp.lineas', substr(e."Fecha", 1, 7), CAST(e."Motivo" AS TEXT), coalesce(e."RutContratista", ''),
        coalesce(e."IdCliente", ''), count(*)
      FROM epp_entregas e JOIN epp_entregas_lineas l ON l."IdEntregadosEpp" = e."IdEntregadosEpp"
      WHERE e."IdEmpresa" = ${company} AND e."Anulada" = 0 AND e."Estado" <> 0
      GROUP BY e."IdEmpresa", substr(e."Fecha", 1, 7), CAST(e."Motivo" AS TEXT), coalesce(e."RutContratista", ''), coalesce(e."IdCliente", '')`.execute(trx);
  });
  return lines;
}
