import * as v from 'valibot';
import { toWireDate } from '#sync/domain/dates.ts';
import { rutCheckDigit } from '#sync/domain/rut.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import { documentoRequisitoWorkflow } from '#sync/schemas/contratistas-documentos.workflow.ts';
import { contratoEntity } from '#sync/schemas/contratistas-contratos.schema.ts';
import { requisitoEntity } from '#sync/schemas/contratistas-requisitos.schema.ts';
import type { Db } from '#server/db/database.ts';
import type { DemoSeedTools } from '#server/server-module.ts';
import type { RecordRegistry } from '#server/records/record-registry.ts';
import { createRecord } from '#server/records/record-writes.ts';
import { takeTransitionOn } from '#server/records/workflow-transition.ts';
import { seedId } from '#server/seed/seed-id.ts';
import { demoPhotoPng } from '#server/seed/demo-images.ts';
import { contratoRules } from './contratos.routes.ts';
import { seedContractorCatalogues } from './demo-catalogos.ts';
import { documentoRules } from './documentos.routes.ts';
import { requisitoRules } from './requisitos.routes.ts';
import { demoWriteContext } from '#server/seed/demo-write-context.ts';

const DAY = 86_400_000;
const SUBCONTRACTOR = { Nombre: 'Andamios Bío Bío Ltda.', RutCompleto: `76888111-${rutCheckDigit('76888111')}` };

/** The demo requirements: [name, applies to, frequency, type, months, mandatory, debt control]. */
const REQUIREMENTS = [
  ['Certificado F30-1', 'empresa', 'mensual', 'Certificado', 1, 1, 1],
  ['Escritura de constitución', 'empresa', 'unica', 'Documento', 0, 1, 0],
  ['Contrato de trabajo', 'trabajador', 'unica', 'Documento', 0, 1, 0],
  ['Examen preocupacional', 'trabajador', 'unica', 'Certificado', 12, 1, 0],
  ['Inducción de seguridad (ODI)', 'trabajador', 'unica', 'Registro', 12, 1, 0],
  ['Póliza de seguro complementario', 'contrato', 'unica', 'Documento', 12, 0, 0],
  ['Inspección de ingreso del vehículo', 'vehiculo', 'unica', 'Registro', 6, 1, 0],
] as const;

async function contexts(db: Db, company: string, now: Date, records: RecordRegistry) {
  const users = await db
    .selectFrom('usuarios')
    .select(['IdUsuario', 'Tipo', 'IdContratista'])
    .where('IdEmpresa', '=', company)
    .orderBy('IdUsuario')
    .execute();
  const admin = users.find((user) => user.Tipo === 'empresa');
  const contractor = users.find((user) => user.Tipo === 'contratista');
  if (!admin || !contractor?.IdContratista) return null;
  const office = await demoWriteContext(db, company, admin.IdUsuario, now, records);
  const contractorContext = await demoWriteContext(db, company, contractor.IdUsuario, now, records);
  return { office, contractor: contractorContext, contractorRut: contractor.IdContratista };
}

/** A subcontractor of the demo contractor (without an account: its principal uploads its documents). */
async function seedSubcontractor(db: Db, company: string, now: Date): Promise<void> {
  await db
    .insertInto('empresas_contratistas')
    .values({
      IdEmpresaContratista: seedId(company, 'subcontratista', 1),
      IdEmpresa: company,
      Rut: SUBCONTRACTOR.RutCompleto.slice(0, -2),
      ...SUBCONTRACTOR,
      Correo: 'contacto@andamiosbiobio.cl',
      Telefono: '',
      Direccion: 'Los Carrera 1200, Concepción',
      LogoArchivo: null,
      Estado: 1,
      Tipo: 1,
      IdUsuario: null,
      Version: 1,
      CreadoEn: now.toISOString(),
    })
    .execute();
}

/**
 * Two activities in areas (level 3) of the contract's worksite: electrical maintenance by workers 1 and 5, structural
 * assembly by worker 5; worker 9 is in none (accredited at the contract's worksite all the same).
 */
async function demoActivities(db: Db, company: string, level: string, worker: (n: number) => string) {
  const areas = await db
    .selectFrom('niveles')
    .select('IdNivel')
    .where('IdEmpresa', '=', company)
    .where('TipoNivel', '=', 3)
    .where('IdNivelPadre', '=', level)
    .orderBy('Nombre')
    .execute();
  const area = (n: number) => areas[n]?.IdNivel ?? null;
  const activity = (name: string) => seedId(company, 'actividades_contrato', name);
  return [
    { IdActividad: activity('Mantención eléctrica'), IdNivel2: null, IdNivel3: area(0), Recursos: { Trabajadores: [worker(1), worker(5)] } },
    { IdActividad: activity('Montaje estructural'), IdNivel2: null, IdNivel3: area(1), Recursos: { Trabajadores: [worker(5)] } },
  ];
}

export async function seedContractorDemo(db: Db, company: string, now: Date, { records, files }: DemoSeedTools): Promise<void> {
  await seedContractorCatalogues(db, company, now);
  const IdContrato = seedId(company, 'contrato', 1);
  if (!files || (await records.contratos.companyOf(db, IdContrato))) return;
  await db.transaction().execute(async (trx) => {
    const who = await contexts(trx, company, now, records);
    if (!who) return;
    await seedSubcontractor(trx, company, now);
    const requirementIds = REQUIREMENTS.map((_, n) => seedId(company, 'requisito', n));
    for (const [n, [Nombre, Aplicacion, Frecuencia, TipoRequisito, PeriodoMeses, Obligatorio, ControlDeuda]] of REQUIREMENTS.entries()) {
      const rule = { Nombre, Aplicacion, Frecuencia, TipoRequisito, PeriodoMeses, Obligatorio, ControlDeuda };
      const IdClasificacion = seedId(company, 'clasificaciones_contrato', n < 2 ? 'Laboral y previsional' : 'Seguridad y salud en el trabajo');
      const body = v.parse(requisitoEntity.createBody!, { IdRequisito: requirementIds[n], ...rule, IdClasificacion });
      await createRecord(who.office, requisitoEntity, body as Record<string, unknown>, requisitoRules);
    }
    const worker = (n: number) => seedId(company, 'trabajador', n);
    const level = (await records.trabajadores.load(trx, company, worker(1)))!.row.IdNivel2!;
    const day = (offset: number) => toWireDate(new Date(now.getTime() + offset * DAY));
    // The contractor's pickup of the fleet's demo (seeded before), when there is one.
    const pickup = seedId(company, 'vehiculo', 2);
    const vehicles = (await records.vehiculos.load(trx, company, pickup)) ? [pickup] : [];
    const contract = v.parse(contratoEntity.createBody!, {
      IdContrato,
      Nombre: 'Mantención eléctrica Planta Norte',
      RutContratista: who.contractorRut,
      FechaInicio: day(-60),
      FechaTermino: day(300),
      IdNivel2: level,
      IdProceso: seedId(company, 'procesos_faena', 'Mantención'),
      NombreAdministrador: who.office.userName,
      NombreResponsable: 'Marcela Fuentes Rivas',
      Subcontratistas: [SUBCONTRACTOR.RutCompleto],
      Actividades: await demoActivities(trx, company, level, worker),
      Trabajadores: [worker(1), worker(5), worker(9)],
      Vehiculos: vehicles,
      Requisitos: requirementIds,
    });
    await createRecord(who.office, contratoEntity, contract as Record<string, unknown>, contratoRules);
    const store = files.withDb(trx);
    let photo = 60;
    const file = async (): Promise<FileRef> => ({ Sha256: await store.put(demoPhotoPng(photo++), 'image/png', now, company), Tipo: 'image/png' });
    const docs = await records.documentos_requisito.listActive(trx, company, { kind: 'empresa' });
    const doc = (requirement: number, about: { rut?: string; person?: string; asset?: string }) =>
      docs.find(
        (row) =>
          row.IdRequisito === requirementIds[requirement] &&
          (about.person
            ? row.IdPersona === about.person
            : about.asset
              ? row.IdActivo === about.asset
              : row.RutContratista === about.rut && !row.IdPersona && !row.IdActivo),
      )!.IdDocumento;
    const take = (name: string, id: string, body?: object) =>
      takeTransitionOn(name === 'subir' ? who.contractor : who.office, documentoRequisitoWorkflow, name, id, body, documentoRules);
    const approve = async (id: string, issued: number, extra: object = {}) => {
      await take('subir', id, { Archivo: await file(), FechaEmision: day(issued) });
      await take('revisar', id);
      await take('aprobar', id, extra);
    };
    await approve(doc(0, { rut: who.contractorRut }), -10, { ConDeuda: 0 });
    await approve(doc(1, { rut: who.contractorRut }), -400);
    await approve(doc(1, { rut: SUBCONTRACTOR.RutCompleto }), -700);
    await take('subir', doc(0, { rut: SUBCONTRACTOR.RutCompleto }), { Archivo: await file(), FechaEmision: day(-3) });
    await approve(doc(2, { person: worker(1) }), -200);
    await approve(doc(3, { person: worker(1) }), -340);
    await approve(doc(4, { person: worker(1) }), -30);
    // A renewal of worker 1's examination waits for review while the current one stays in force.
    await take('subir', doc(3, { person: worker(1) }), { Archivo: await file(), FechaEmision: day(-2) });
    await approve(doc(2, { person: worker(5) }), -90);
    await take('subir', doc(3, { person: worker(5) }), { Archivo: await file(), FechaEmision: day(-500) });
    await take('revisar', doc(3, { person: worker(5) }));
    await take('rechazar', doc(3, { person: worker(5) }), { Motivo: 'vencido', Comentario: 'El examen tiene más de un año' });
    await take('subir', doc(4, { person: worker(5) }), { Archivo: await file(), FechaEmision: day(-1) });
    await take('revisar', doc(4, { person: worker(5) }));
    for (const asset of vehicles) await approve(doc(6, { asset }), -20);
  });
}
