import type { AssetTable } from '#sync/schemas/flota-activos.schema.ts';
import { useMemo } from 'react';
import { isContractorUser } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { RecordDetailPage } from '#app/ui/records/record-detail-page.tsx';
import { RecordFormPage } from '#app/ui/records/record-form-page.tsx';
import { RecordListPage } from '#app/ui/records/record-list-page.tsx';
import type { RecordView } from '#app/ui/records/record-view.ts';
import type { AssetLookups } from './asset-lookups.ts';
import { ASSET_RECORD_VIEWS } from './activos-view.tsx';

/** A contractor's user registers its own assets: the form starts with its RUT (the server lists it only so). */
function AssetFormPage<T extends AssetTable>({ view: base }: { view: RecordView<T, AssetLookups> }) {
  const session = useRequiredSession();
  const contractor = isContractorUser(session) ? (session.usuario.IdContratista ?? '') : '';
  const view = useMemo(
    () => (contractor ? { ...base, defaults: { ...base.defaults, RutContratista: contractor } } : base),
    [base, contractor],
  );
  return <RecordFormPage view={view} />;
}

export const VehiculosListPage = () => <RecordListPage view={ASSET_RECORD_VIEWS.vehiculos} />;
export const VehiculoFormPage = () => <AssetFormPage view={ASSET_RECORD_VIEWS.vehiculos} />;
export const VehiculoDetailPage = () => <RecordDetailPage view={ASSET_RECORD_VIEWS.vehiculos} />;
export const EquiposListPage = () => <RecordListPage view={ASSET_RECORD_VIEWS.equipos} />;
export const EquipoFormPage = () => <AssetFormPage view={ASSET_RECORD_VIEWS.equipos} />;
export const EquipoDetailPage = () => <RecordDetailPage view={ASSET_RECORD_VIEWS.equipos} />;
export const InstalacionesListPage = () => <RecordListPage view={ASSET_RECORD_VIEWS.instalaciones} />;
export const InstalacionFormPage = () => <AssetFormPage view={ASSET_RECORD_VIEWS.instalaciones} />;
export const InstalacionDetailPage = () => <RecordDetailPage view={ASSET_RECORD_VIEWS.instalaciones} />;
