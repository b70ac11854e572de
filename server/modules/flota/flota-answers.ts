import * as v from 'valibot';
import { CLASES } from '#sync/domain/fleet-fitness.ts';
import { VALIDITY_STATES } from '#sync/domain/validity.ts';
import { dataAnswer } from '#sync/schemas/answers.schema.ts';
import { named } from '#server/http/api-answers.ts';

/** What the fleet's own reads answer, one schema each: the handlers are typed with them and /api/openapi.json says them. */

const OptionSchema = v.object({ value: v.string(), label: v.string() });

/** `{ statusCode, data: [{ IdNivel2, NombreNv2, IdNivel3, NombreNv3 }] }`: where an asset is, empty when not found. */
export const FlotaNivelesAnswer = named(
  'FlotaNivelesAnswer',
  dataAnswer(v.array(v.object({ IdNivel2: v.string(), NombreNv2: v.string(), IdNivel3: v.nullable(v.string()), NombreNv3: v.string() }))),
);

/** The active workers the reader may name as operators, by name. */
export const FlotaTrabajadoresAnswer = named(
  'FlotaTrabajadoresAnswer',
  dataAnswer(v.array(v.object({ IdPersona: v.string(), Nombre: v.string(), RunPersona: v.string(), RutContratista: v.string() }))),
);

/** The options of an asset list's filters, from its active records. */
export const FlotaFiltrosAnswer = named(
  'FlotaFiltrosAnswer',
  dataAnswer(v.object({ Faenas: v.array(OptionSchema), Tipos: v.array(OptionSchema), Contratistas: v.array(OptionSchema) })),
);

/** A certificate's files with their signed links; null when it does not exist or the reader may not see it. */
export const FlotaEvidenciasAnswer = named(
  'FlotaEvidenciasAnswer',
  dataAnswer(
    v.nullable(
      v.object({
        IdCertificacion: v.string(),
        Archivos: v.array(v.object({ Sha256: v.string(), Tipo: v.string() })),
        Urls: v.record(v.string(), v.string()),
      }),
    ),
  ),
);

const FitnessEntries = { Apto: v.picklist([0, 1]), Motivos: v.array(v.string()) };

/** An asset's fitness today, of each certificate that counts, and with each of its operators; null when not found. */
export const FlotaAptitudAnswer = named(
  'FlotaAptitudAnswer',
  dataAnswer(
    v.nullable(
      v.object({
        ...FitnessEntries,
        Lectura: v.nullable(v.number()),
        Certificaciones: v.array(
          v.object({
            IdCertificacion: v.string(),
            Clase: v.picklist(CLASES),
            FechaVencimiento: v.string(),
            LecturaVencimiento: v.nullable(v.number()),
            EstadoVigencia: v.picklist(VALIDITY_STATES),
          }),
        ),
        Operadores: v.array(v.object({ IdPersona: v.string(), Nombre: v.string(), ...FitnessEntries })),
      }),
    ),
  ),
);
