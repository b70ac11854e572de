import { MAINTAINER_PATHS } from '#app/navigation/served-routes.ts';
import { catalogueView } from '#app/ui/records/catalogue-view.ts';
import { RecordDetailPage } from '#app/ui/records/record-detail-page.tsx';
import { RecordFormPage } from '#app/ui/records/record-form-page.tsx';
import { RecordListPage } from '#app/ui/records/record-list-page.tsx';

/** The contractor catalogues of the family: each one's view comes from its declaration and its menu entry's route. */
export type ContractorCatalogue = 'actividades_contrato' | 'clasificaciones_contrato' | 'procesos_faena' | 'equipos_trabajo';

const TABLES: readonly ContractorCatalogue[] = ['procesos_faena', 'equipos_trabajo', 'actividades_contrato', 'clasificaciones_contrato'];
const VIEWS = new Map(TABLES.map((table) => [table, catalogueView(table, MAINTAINER_PATHS[table]!)]));
const viewOf = (table: ContractorCatalogue) => VIEWS.get(table)!;

export const CatalogueListPage = ({ table }: { table: ContractorCatalogue }) => <RecordListPage view={viewOf(table)} />;
export const CatalogueFormPage = ({ table }: { table: ContractorCatalogue }) => <RecordFormPage view={viewOf(table)} />;
export const CatalogueDetailPage = ({ table }: { table: ContractorCatalogue }) => <RecordDetailPage view={viewOf(table)} />;
