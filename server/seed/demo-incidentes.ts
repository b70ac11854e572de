import * as v from 'valibot';
import { toWireDate } from '#sync/domain/dates.ts';
import { incidentFolio } from '#sync/domain/incident-rules.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import { ACCIDENT_CATALOGUES, type AccidentCatalogueTable } from '#sync/schemas/incidentes-catalogos.schema.ts';
import { type IncidenteCreateBody, IncidenteCreateBodySchema } from '#sync/schemas/incidentes.schema.ts';
import { RECORD_STORES } from '../app-modules.ts';
import type { Db } from '../db/database.ts';
import type { FileStore } from '../files/file-store.ts';
import { CATALOGUE_TEMPLATES } from '../modules/incidentes/catalogos-base.ts';
import { createIncident, setIncidentState } from '../modules/incidentes/incidentes.service.ts';
import { approveMeasure, respondMeasure } from '../modules/incidentes/medidas.service.ts';
import { recordChange } from '../sync/change-log.repo.ts';
import { demoPhotoPng, demoSignaturePng } from './demo-images.ts';
import { seedId } from './seed-id.ts';
import { personName } from '#sync/domain/person-name.ts';
import { demoWriteContext } from './demo-write-context.ts';

export const DAY = 24 * 60 * 60 * 1000;
export const HOUR = 60 * 60 * 1000;

/** The catalogue's record of a template row: its id is stable, so a child names its parent's by the parent's name. */
export const catalogueId = (company: string, table: string, info: string) => seedId(company, table, info);

/**
 * The accident catalogues of `company` with the product's template (catalogos-base.ts), parents first, each record
 * with its change-log row, once: nothing when the first one exists.
 */
export async function seedAccidentCatalogues(db: Db, company: string, now: Date): Promise<void> {
  const first = catalogueId(company, 'factores', 'Factores personales');
  if (await RECORD_STORES.factores.companyOf(db, first)) return;
  const tables = (Object.keys(ACCIDENT_CATALOGUES) as AccidentCatalogueTable[]).sort(
    (a, b) => ACCIDENT_CATALOGUES[a].pullOrder - ACCIDENT_CATALOGUES[b].pullOrder,
  );
  await db.transaction().execute(async (trx) => {
    for (const table of tables) {
      const parent = ACCIDENT_CATALOGUES[table].catalogue.parent;
      for (const template of CATALOGUE_TEMPLATES[table]) {
        const row = {
          Id: catalogueId(company, table, template.Info),
          IdEmpresa: company,
          Estado: 1 as const,
          Version: 1,
          Info: template.Info,
          Tipo: template.Tipo ?? '',
          ...(parent && template.Padre ? { [parent.field]: catalogueId(company, parent.table, template.Padre) } : {}),
          Fecha: toWireDate(now),
          IdUsuario: 0,
        };
        await (RECORD_STORES[table].insert as (db: Db, row: object, versions: string) => Promise<void>)(trx, row, '{}');
        await recordChange(trx, { company, table, id: row.Id, op: 'upsert', row }, now);
      }
    }
  });
}

export interface DemoIncidentUsers {
  admin: number;
  supervisor: number;
  contractor: number;
}

/**
 * Four cases of the demo company, written through the module's services as their users would: a lost-time accident
 * of a contractor's worker under investigation (one measure approved, one answered and waiting), a serious fall
 * with the work suspended and the authorities notified, a material-damage accident closed, and a near miss just
 * reported. Runs once: nothing when the first case exists.
 */
export async function seedIncidentDemo(db: Db, company: string, users: DemoIncidentUsers, now: Date, files: FileStore): Promise<boolean> {
  const caseId = (n: number) => seedId(company, 'incidente', n);
  if (await RECORD_STORES.incidentes.companyOf(db, caseId(1))) return false;
  const cat = (table: AccidentCatalogueTable, info: string) => catalogueId(company, table, info);
  const worker = (n: number) => seedId(company, 'trabajador', n);
  await db.transaction().execute(async (trx) => {
    const context = (user: number, at: Date) => demoWriteContext(trx, company, user, at, RECORD_STORES);
    const store = files.withDb(trx);
    const put = async (bytes: Buffer): Promise<FileRef> => ({
      Sha256: await store.put(bytes, 'image/png', now, company),
      Tipo: 'image/png',
    });
    const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY - hours * HOUR);
    const reporterSignature = await put(demoSignaturePng(41));
    /** An injured worker from the roster: the report copies their name and RUT. */
    const injured = async (n: number) => {
      const row = (await RECORD_STORES.trabajadores.load(trx, company, worker(n)))!.row;
      return { IdPersona: row.IdPersona, NombreAccidentado: personName(row), Rut: row.RunPersona };
    };
    const base = (n: number, at: Date) => ({
      IdEvaluacion: caseId(n),
      IdAccidente: incidentFolio(at),
      FechaOcurrencia: toWireDate(at),
      HoraOcurrencia: '10:30',
      NombreInformador: 'Jorge Araya Rojas',
      RutEjecutor: '15234567',
      DvEjecutor: '4',
      FirmaInformador: reporterSignature,
      FechaConocimiento: new Date(at.getTime() + HOUR).toISOString(),
      IdNivel2: seedId(company, 'nv2', 1),
      IdNivel3: seedId(company, 'nv3', 1),
    });
    const create = async (body: Record<string, unknown>, at: Date) => {
      const parsed: IncidenteCreateBody = v.parse(IncidenteCreateBodySchema, body);
      const outcome = await createIncident(await context(users.supervisor, at), parsed);
      if (outcome.kind !== 'written') throw new Error(`el caso demo ${String(body.IdEvaluacion)} no se pudo crear`);
    };

    const first = ago(10);
    await create(
      {
        ...base(1, first),
        Clasificacion: 'Accidente con tiempo perdido',
        FechaAlta: toWireDate(ago(3)),
        Lugar: 'Losa del piso 4, edificio B',
        ProcesoFaena: 'Obra gruesa',
        EquipoTrabajo: 'Cuadrilla de carpintería',
        FuenteEvento: cat('fuentes_evento', 'Manipulación manual de materiales'),
        AgenteEvento: cat('agentes_evento', 'Material en manipulación'),
        TipoEvento: cat('tipos_evento', 'Golpeado por'),
        ...(await injured(1)),
        Cargo: 'Supervisor de Terreno',
        Edad: 38,
        AntiguedadCargo: '3 años',
        TipoLesion: cat('tipos_lesion', 'Contusión'),
        ParteCuerpo: cat('partes_cuerpo', 'Mano'),
        Equipo: cat('items_agente', 'Moldajes'),
        Proceso: 'Descimbre de moldajes',
        Descripcion:
          'Al retirar un panel de moldaje de la losa, el panel se soltó y golpeó la mano izquierda del trabajador contra el pilar.',
        ActosSubestandar: [cat('actos_subestandares', 'No seguir el procedimiento de trabajo seguro')],
        Factores: [cat('factores', 'Factores del trabajo')],
        CondicionSubestandar: [cat('condiciones_subestandares', 'Espacio limitado para desenvolverse')],
        CausasBasicas: [cat('causas_basicas', 'Estándares de trabajo deficientes')],
        ItemCausasBasicas: [cat('items_causas_basicas', 'Comunicación deficiente de los estándares')],
        FaltaControl: [cat('faltas_control', 'Cumplimiento inadecuado de los estándares')],
        IdRiesgoEspecifico: cat('riesgos_especificos', 'Golpeado por objeto en movimiento'),
        Probabilidad: 2,
        Consecuencia: 2,
        DiatPresentadaEn: new Date(first.getTime() + 5 * HOUR).toISOString(),
        DiatPresentadaPor: 'Carolina Muñoz Soto',
        DiatFolio: 'ACHS-2026-558120',
        Mutualidad: 'ACHS',
        Evidencias: [
          {
            IdEvidencia: seedId(company, 'incidente', 1, 'evidencia', 1),
            Nombre: 'Panel de moldaje en el piso 4',
            Archivo: await put(demoPhotoPng(11)),
            Fecha: first.toISOString(),
          },
        ],
        Investigadores: [
          {
            IdInvestigador: seedId(company, 'incidente', 1, 'investigador', 1),
            Nombre: 'Carolina Muñoz Soto',
            Rut: '13456789-9',
            Cargo: 'Prevencionista de riesgos',
            Firma: await put(demoSignaturePng(42)),
            FirmadoEn: ago(8).toISOString(),
          },
        ],
        MedidasControl: [
          {
            IdMedidaControl: seedId(company, 'medida', 1),
            MedidaControl: 'Instruir a la cuadrilla en el procedimiento de descimbre y registrar la charla.',
            Plazo: toWireDate(ago(2)),
            Responsable: 'Jorge Araya Rojas',
            IdResponsable: users.supervisor,
          },
          {
            IdMedidaControl: seedId(company, 'medida', 2),
            MedidaControl: 'Instalar topes de retención en los paneles de moldaje del piso 4.',
            Plazo: toWireDate(new Date(now.getTime() + 5 * DAY)),
            Responsable: 'Patricio Fuentes Vera (contratista)',
            IdResponsable: users.contractor,
          },
        ],
      },
      first,
    );
    const supervisor = await context(users.supervisor, now);
    await respondMeasure(supervisor, supervisor.viewer, seedId(company, 'medida', 1), {
      IdRespuesta: seedId(company, 'medida', 1, 'r', 1),
      Texto: 'Charla realizada el lunes a 12 trabajadores; se adjunta registro.',
      Archivos: [],
    });
    const admin = await context(users.admin, now);
    await approveMeasure(admin, admin.viewer, {
      IdMedidaControl: seedId(company, 'medida', 1),
      IdRespuesta: seedId(company, 'medida', 1, 'r', 2),
      Texto: 'Registro revisado.',
    });
    const contractor = await context(users.contractor, now);
    await respondMeasure(contractor, contractor.viewer, seedId(company, 'medida', 2), {
      IdRespuesta: seedId(company, 'medida', 2, 'r', 1),
      Texto: 'Topes instalados en los 24 paneles.',
      Archivos: [await put(demoPhotoPng(12))],
    });

    const second = ago(3);
    await create(
      {
        ...base(2, second),
        Clasificacion: 'Accidente con tiempo perdido',
        CriteriosGravedad: ['caida_altura'],
        Lugar: 'Andamio fachada norte, edificio A',
        IdNivel3: seedId(company, 'nv3', 2),
        ProcesoFaena: 'Terminaciones',
        FuenteEvento: cat('fuentes_evento', 'Trabajo en altura'),
        AgenteEvento: cat('agentes_evento', 'Andamio'),
        TipoEvento: cat('tipos_evento', 'Caída a distinto nivel'),
        ...(await injured(2)),
        Cargo: 'Maestro Carpintero',
        Edad: 44,
        AntiguedadCargo: '8 meses',
        Descripcion: 'La trabajadora cayó desde la tercera plataforma del andamio (unos 4 metros) al ceder una baranda.',
        DiatPresentadaEn: new Date(second.getTime() + 6 * HOUR).toISOString(),
        DiatPresentadaPor: 'Carolina Muñoz Soto',
        DiatFolio: 'ACHS-2026-561044',
        Mutualidad: 'ACHS',
        SuspensionFaenaEn: new Date(second.getTime() + 20 * 60 * 1000).toISOString(),
        AvisoInspeccionEn: new Date(second.getTime() + 50 * 60 * 1000).toISOString(),
        AvisoSeremiEn: new Date(second.getTime() + 55 * 60 * 1000).toISOString(),
        MedidasControl: [
          {
            IdMedidaControl: seedId(company, 'medida', 3),
            MedidaControl: 'Certificar el andamio de fachada y reemplazar las barandas dañadas.',
            Plazo: toWireDate(new Date(now.getTime() + 2 * DAY)),
            Responsable: 'Jefe de terreno',
            IdResponsable: null,
          },
        ],
      },
      second,
    );

    const third = ago(20);
    await create(
      {
        ...base(3, third),
        Clasificacion: 'Accidente CDM',
        Lugar: 'Acceso de camiones, Faena Ruta 5 Norte',
        IdNivel2: seedId(company, 'nv2', 2),
        IdNivel3: seedId(company, 'nv3', 3),
        TipoEvento: cat('tipos_evento', 'Choque o colisión vehicular'),
        AgenteEvento: cat('agentes_evento', 'Maquinaria pesada'),
        Monto: 1850,
        Descripcion: 'Una retroexcavadora retrocedió sin señalero y golpeó el portón de acceso.',
        MedidasControl: [
          {
            IdMedidaControl: seedId(company, 'medida', 4),
            MedidaControl: 'Designar señalero permanente en el acceso de camiones.',
            Plazo: toWireDate(ago(15)),
            Responsable: 'Jorge Araya Rojas',
            IdResponsable: users.supervisor,
          },
        ],
      },
      third,
    );
    await respondMeasure(supervisor, supervisor.viewer, seedId(company, 'medida', 4), {
      IdRespuesta: seedId(company, 'medida', 4, 'r', 1),
      Texto: 'Señalero designado por turno.',
      Archivos: [],
    });
    await approveMeasure(admin, admin.viewer, {
      IdMedidaControl: seedId(company, 'medida', 4),
      IdRespuesta: seedId(company, 'medida', 4, 'r', 2),
      Texto: 'Verificado.',
    });
    await setIncidentState(admin, caseId(3), 2, undefined);

    const fourth = ago(1);
    await create(
      {
        ...base(4, fourth),
        Clasificacion: 'Cuasi Accidente',
        Lugar: 'Bodega de materiales',
        TipoEvento: cat('tipos_evento', 'Golpeado por'),
        FuenteEvento: cat('fuentes_evento', 'Izaje de cargas'),
        Descripcion: 'Un paquete de fierro se deslizó de la eslinga durante el izaje y cayó a un metro de un trabajador.',
      },
      fourth,
    );
  });
  return true;
}
