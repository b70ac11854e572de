import { ACCIDENT_CATALOGUE_TABLES, type AccidentCatalogueTable } from '#sync/schemas/incidentes-catalogos.schema.ts';
import { ACCIDENT_CATALOGUE_PATHS } from '#app/navigation/paths.ts';
import { catalogueView } from '#app/ui/records/catalogue-view.ts';
import { RecordDetailPage } from '#app/ui/records/record-detail-page.tsx';
import { RecordFormPage } from '#app/ui/records/record-form-page.tsx';
import { RecordListPage } from '#app/ui/records/record-list-page.tsx';

/** The fifteen accident catalogues on the kit: each one's view comes from its declaration (catalogue family). */
const VIEWS = new Map(ACCIDENT_CATALOGUE_TABLES.map((table) => [table, catalogueView(table, ACCIDENT_CATALOGUE_PATHS[table])]));
const viewOf = (table: AccidentCatalogueTable) => VIEWS.get(table)!;

export const CatalogueListPage = ({ table }: { table: AccidentCatalogueTable }) => <RecordListPage view={viewOf(table)} />;
export const CatalogueFormPage = ({ table }: { table: AccidentCatalogueTable }) => <RecordFormPage view={viewOf(table)} />;
export const CatalogueDetailPage = ({ table }: { table: AccidentCatalogueTable }) => <RecordDetailPage view={viewOf(table)} />;
