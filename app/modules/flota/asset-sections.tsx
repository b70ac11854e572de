import { type AssetLookups, type AssetRow, stateOf } from './asset-lookups.ts';
import type { AssetKind } from './asset-kinds.ts';
import { CertificadosSection } from './certificados-section.tsx';
import { AptitudSection, OperadoresSection } from './fitness-sections.tsx';
import { LecturasSection } from './lecturas-section.tsx';

/**
 * The parts of an asset's page under its data, all read from the device's tables: a certificate or reading saved here
 * shows at once, offline too. Readings only for a type with a meter; operators only for vehicles and machines.
 */
export function AssetSections({ kind, row, lookups }: { kind: AssetKind; row: AssetRow; lookups: AssetLookups }) {
  const state = stateOf(kind, row, lookups);
  const fields = row as unknown as Record<string, unknown>;
  const assetId = String(fields[kind.id]);
  const place = { IdNivel2: row.IdNivel2, IdNivel3: row.IdNivel3, RutContratista: row.RutContratista };
  const operators = Array.isArray(fields.Operadores) ? (fields.Operadores as string[]) : [];
  const plate = kind.table === 'vehiculos' ? String(fields.Patente ?? '') || null : null;
  return (
    <>
      <AptitudSection state={state} />
      <CertificadosSection kind={kind} assetId={assetId} place={place} state={state} plate={plate} today={lookups.today} />
      {kind.readings && state.medidor !== '' && (
        <LecturasSection table={kind.readings} assetId={assetId} place={place} state={state} />
      )}
      {state.operator && <OperadoresSection state={state} operators={operators} lookups={lookups} />}
    </>
  );
}
