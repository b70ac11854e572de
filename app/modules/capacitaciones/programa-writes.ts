import { toEvidencia, type EvidenciaBody, type EvidenciaCapacitacion } from '#sync/schemas/capacitaciones-programa.schema.ts';
import type { LocalPrograma } from '#app/db/capacitacion-rows.ts';
import { toLocalPrograma } from '#app/db/capacitacion-rows.ts';
import type { LocalFile } from '#app/data/local-write.ts';
import { queueUpdate } from '#app/records/record-writes.ts';

type NewEvidence = Required<Pick<EvidenciaBody, 'Id' | 'Nombre' | 'TipoEvidencia' | 'Archivo' | 'Fecha'>>;

/** Evidence added to a programme line: one update carrying the new child and its file (SPEC CF5, FL1). */
export async function addProgrammeEvidence(current: LocalPrograma, child: NewEvidence, file: LocalFile): Promise<void> {
  const stored = toEvidencia(current.IdEmpresa, current.IdCapacitacion, child);
  const row = toLocalPrograma({ ...current, Evidencias: [...current.Evidencias, stored], Version: current.Version + 1 });
  await queueUpdate(
    'programas_capacitacion',
    current,
    { IdCapacitacion: current.IdCapacitacion, Version: current.Version, Evidencias: [child] },
    row,
    [file],
  );
}

/** Evidence taken out of a programme line: the child sent again with Estado 0. */
export async function removeProgrammeEvidence(current: LocalPrograma, evidence: EvidenciaCapacitacion): Promise<void> {
  const row = toLocalPrograma({
    ...current,
    Evidencias: current.Evidencias.map((item) => (item.Id === evidence.Id ? { ...item, Estado: 0 } : item)),
    Version: current.Version + 1,
  });
  await queueUpdate(
    'programas_capacitacion',
    current,
    { IdCapacitacion: current.IdCapacitacion, Version: current.Version, Evidencias: [{ Id: evidence.Id, Estado: 0 }] },
    row,
  );
}
