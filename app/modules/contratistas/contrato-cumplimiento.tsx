import { accreditedOn, contractCompliance, retentionReasons } from '#sync/domain/accreditation.ts';
import { contractWorksites } from '#sync/domain/contract-activities.ts';
import { formatDisplayDate, toWireDate } from '#sync/domain/dates.ts';
import type { Acreditacion, AcreditacionActivo } from '#sync/schemas/contratistas-acreditaciones.schema.ts';
import type { Contrato } from '#sync/schemas/contratistas-contratos.schema.ts';
import type { DocumentoRequisito } from '#sync/schemas/contratistas-documentos.schema.ts';

export interface ComplianceLookups {
  documents: DocumentoRequisito[];
  accreditations: Acreditacion[];
  assetAccreditations: AcreditacionActivo[];
  workers: { value: string; rut: string }[];
  vehicles: { value: string; rut: string }[];
  machines: { value: string; rut: string }[];
  /** Worksites' names, among others. */
  name: ReadonlyMap<string, string>;
}

/**
 * What the contract's documents say today, from what the device holds: its compliance (the share of its mandatory
 * documents in force), the payment retention Ley 20.123 suggests to its administrator, and who is accredited.
 */
export function ContratoCumplimiento({ contract, lookups }: { contract: Contrato; lookups: ComplianceLookups }) {
  const today = toWireDate(new Date());
  const rutOf = (options: { value: string; rut: string }[], id: string) => options.find((option) => option.value === id)?.rut ?? '';
  const subjects = [
    ...contract.Trabajadores.map((id) => ({ IdPersona: id, RutContratista: rutOf(lookups.workers, id) })),
    ...contract.Vehiculos.map((id) => ({ IdActivo: id, RutContratista: rutOf(lookups.vehicles, id) })),
    ...contract.Equipos.map((id) => ({ IdActivo: id, RutContratista: rutOf(lookups.machines, id) })),
  ];
  const compliance = contractCompliance(contract, subjects, lookups.documents, today);
  const retention = retentionReasons(contract, lookups.documents);
  const ofContract = (row: { IdContrato: string }) => row.IdContrato === contract.IdContrato;
  const accreditations = lookups.accreditations.filter(ofContract);
  const assets = lookups.assetAccreditations.filter(ofContract);
  // A contract at more than one worksite says where each row holds.
  const where = contractWorksites(contract).length > 1 ? (row: { IdNivel2: string }) => ` (${lookups.name.get(row.IdNivel2) ?? ''})` : () => '';
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
        <AccreditationList rows={accreditations.map((row) => ({ ...row, name: row.NombrePersona }))} where={where} today={today} />
      )}
      {assets.length > 0 && (
        <>
          <h3>Vehículos y equipos acreditados</h3>
          <AccreditationList rows={assets.map((row) => ({ ...row, name: row.NombreActivo }))} where={where} today={today} />
        </>
      )}
    </section>
  );
}

type AccreditationLine = Pick<Acreditacion, 'IdAcreditacion' | 'IdNivel2' | 'Acreditado' | 'AcreditadoHasta' | 'Motivos'> & { name: string };

/** «Juan Pérez: acreditado hasta el 15/01/2027», «JHKL42: no acreditado (Certificado de gases: pendiente de subir)». */
interface AccreditationListProps {
  rows: AccreditationLine[];
  where: (row: AccreditationLine) => string;
  today: string;
}

function AccreditationList({ rows, where, today }: AccreditationListProps) {
  return (
    <ul>
      {rows.map((row) => (
        <li key={row.IdAcreditacion}>
          {row.name}
          {where(row)}:{' '}
          {accreditedOn(row, today)
            ? `acreditado${row.AcreditadoHasta ? ` hasta el ${formatDisplayDate(row.AcreditadoHasta)}` : ''}`
            : `no acreditado (${row.Acreditado === 1 ? `vencido el ${formatDisplayDate(row.AcreditadoHasta)}` : row.Motivos.join('; ')})`}
        </li>
      ))}
    </ul>
  );
}
