import * as v from 'valibot';
import { toWireDate } from '#sync/domain/dates.ts';
import { ASSET_KINDS, type AssetTable } from '#sync/schemas/flota-activos.schema.ts';
import { readRoute } from '#server/http/read-route.ts';
import { readAccess } from '#server/records/read-access.ts';
import { aptitudeOf } from './asset-aptitude.ts';
import { FlotaAptitudAnswer } from './flota-answers.ts';

const IdPath = v.object({ id: v.pipe(v.string(), v.trim(), v.toLowerCase()), company: v.string() });

/**
 * GET aptitud/{id}/{company}: whether the asset may work today (the server's day in Chile), why not, the certificate of
 * each class that counts, and each operator's fitness with it (an installation has none).
 */
export function aptitudRoutes(kind: AssetTable) {
  const { entity } = ASSET_KINDS[kind];
  return readRoute(
    '/aptitud/:id/:company',
    {
      tags: [entity.table],
      summary:
        `Aptitud de ${entity.noun.one} hoy: { Apto, Motivos, Lectura, Certificaciones: [{ IdCertificacion, Clase, FechaVencimiento, ` +
        'LecturaVencimiento, EstadoVigencia }], Operadores: [{ IdPersona, Nombre, Apto, Motivos }] }; data null si no existe o no es visible',
      answer: FlotaAptitudAnswer,
      access: readAccess(entity),
      params: IdPath,
    },
    async (c, { params }) => {
      const { db, records, now } = c.get('deps');
      const { company, viewer } = c.get('session');
      const data = await aptitudeOf({ db, records, company, viewer }, kind, params.id, toWireDate(now()));
      return { statusCode: 200 as const, data };
    },
  );
}
