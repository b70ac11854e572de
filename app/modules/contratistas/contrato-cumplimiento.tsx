import { accreditedOn, contractCompliance, retentionReasons } from '#sync/domain/accreditation.ts';
import { contractWorksites } from '#sync/domain/contract-activities.ts';
import { formatDisplayDate, toWireDate } from '#sync/domain/dates.ts';
import type { Acreditacion } from '#sync/schemas/contratistas-acreditaciones.schema.ts';
import type { Contrato } from '#sync/schemas/contratistas-contratos.schema.ts';
import type { DocumentoRequisito } from '#sync/schemas/contratistas-documentos.schema.ts';

export interface ComplianceLookups {
  documents: DocumentoRequisito[];
  accreditations: Acreditacion[];
  workers: { value: string; rut: string }[];
  /** Worksites' names, among others. */
  name: ReadonlyMap<string, string>;
}

/**
 * What the contract's documents say today, from what the device holds: its compliance (the share of its mandatory
 * documents in force), the payment retention Ley 20.123 suggests to its administrator, and who is accredited.
 */
export function ContratoCumplimiento({ contract, lookups }: { contract: Contrato; lookups: ComplianceLookups }) {
  const today = toWireDate(new Date());
  const workers = contract.Trabajadores.map((id) => ({ IdPersona: id, RutContratista: lookups.workers.find((worker) => worker.value === id)?.rut ?? '' }));
  const compliance = contractCompliance(contract, workers, lookups.documents, today);
  const retention = retentionReasons(contract, lookups.documents);
  const accreditations = lookups.accreditations.filter((row) => row.IdContrato === contract.IdContrato);
  // A contract at more than one worksite says where each row holds.
  const where = contractWorksites(contract).length > 1 ? (row: Acreditacion) => ` (${lookups.name.get(row.IdNivel2) ?? ''})` : () => '';
  return (
    <section className="card" aria-labelledby="contrato-cumplimiento">
      <h2 id="contrato-cumplimiento">Cumplimiento del contrato: {String(compliance).replace('.', ',')} %</h2>
      <h3>Retención sugerida (Ley 20.123)</h3>
      {retention.length === 0 ? (
        <p className="muted">Sin retención sugerida: los certificados F30-1 del último mes están aprobados y sin deuda.</p>
      ) : (
        <ul>
          {retention.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
      <h3>Trabajadores acreditados</h3>
      {accreditations.length === 0 ? (
        <p className="muted">El contrato no tiene trabajadores asignados.</p>
      ) : (
        <ul>
          {accreditations.map((row) => (
            <li key={row.IdAcreditacion}>
              {row.NombrePersona}
              {where(row)}:{' '}
              {accreditedOn(row, today)
                ? `acreditado${row.AcreditadoHasta ? ` hasta el ${formatDisplayDate(row.AcreditadoHasta)}` : ''}`
                : `no acreditado (${row.Acreditado === 1 ? `vencido el ${formatDisplayDate(row.AcreditadoHasta)}` : row.Motivos.join('; ')})`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
