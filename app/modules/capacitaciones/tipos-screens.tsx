import { CATEGORIAS_CAPACITACION, categoryName } from '#sync/schemas/capacitaciones-tipos.schema.ts';
import { Link } from 'react-router-dom';
import { paths } from '#app/navigation/paths.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { RecordDetailPage } from '#app/ui/records/record-detail-page.tsx';
import { RecordFormPage } from '#app/ui/records/record-form-page.tsx';
import { RecordListPage } from '#app/ui/records/record-list-page.tsx';
import { recordLabels } from '#app/ui/records/record-labels.ts';
import type { RecordView } from '#app/ui/records/record-view.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { hoursText, validityText } from './capacitaciones-lookups.ts';

interface TipoLookups {
  /** The EPP catalogue: the items a training may teach the use of. */
  epps: { IdEpp: string; NombreEpp: string }[];
  eppNames: ReadonlyMap<string, string>;
}

function useTipoLookups(): TipoLookups | undefined {
  return useDbQuery(async (db) => {
    const epps = (await db.epp_tipos.orderBy('orden').toArray()).map(({ IdEpp, NombreEpp }) => ({ IdEpp, NombreEpp }));
    return { epps, eppNames: new Map(epps.map((epp) => [epp.IdEpp, epp.NombreEpp])) };
  }, []);
}

/**
 * Training types on the kit: category, hours, vigencia in months (0 indefinite), whether they are graded, and the
 * EPP items they teach the use of (a valid attendance makes the worker "capacitado" in them, on the EPP dashboard).
 */
const tiposView: RecordView<'tipos_capacitacion', TipoLookups> = {
  table: 'tipos_capacitacion',
  routes: paths.capacitaciones.tipos,
  title: 'Tipos de capacitación',
  labels: recordLabels('tipo de capacitación'),
  fields: [
    { name: 'Nombre', label: 'Nombre', required: true, input: { kind: 'text' }, inList: false },
    {
      name: 'IdCategoria',
      label: 'Categoría',
      required: true,
      show: (row) => categoryName(row.IdCategoria),
      input: { kind: 'select', emptyLabel: 'Elige una categoría', options: () => CATEGORIAS_CAPACITACION.map((category) => ({ value: String(category.IdCategoria), label: category.Nombre })) },
    },
    { name: 'DuracionHoras', label: 'Duración en horas', required: true, show: (row) => hoursText(row.DuracionHoras), input: { kind: 'number' } },
    { name: 'VigenciaMeses', label: 'Vigencia en meses (0: indefinida)', required: true, show: (row) => validityText(row.VigenciaMeses), input: { kind: 'number' } },
    { name: 'Evaluada', label: 'Se evalúa con nota (1,0 a 7,0; aprueba con 4,0)', show: (row) => (row.Evaluada === 1 ? 'Con nota' : 'Sin nota'), input: { kind: 'check' } },
    { name: 'Descripcion', label: 'Descripción', input: { kind: 'text' }, inList: false },
    {
      name: 'Epps',
      label: 'EPP cuyo uso enseña',
      show: (row, { eppNames }) => (row.Epps ?? []).flatMap((id) => eppNames.get(id) ?? []).join('; ') || 'Ninguno',
      input: { kind: 'multi', options: ({ epps }) => epps.map((epp) => ({ value: epp.IdEpp, label: epp.NombreEpp })) },
      inList: false,
    },
  ],
  useLookups: useTipoLookups,
  defaults: { VigenciaMeses: 12, DuracionHoras: 2, Evaluada: 0, Epps: [] },
};

export const TiposListPage = () => <RecordListPage view={tiposView} />;
export const TipoDetailPage = () => <RecordDetailPage view={tiposView} />;
export const TipoFormPage = () => <RecordFormPage view={tiposView} />;

/** Spec "tipos/detalles" (without an id): the categories every type is filed under. */
export function CategoriasPage() {
  return (
    <PageContent>
      <div className="page-body">
        <PageHeading parentHref={paths.capacitaciones.tipos.list.href} parentLabel="Tipos de capacitación" title="Categorías de capacitación" />
        <CardSection id="categorias" title="Categorías">
          <ul className="simple-list">
            {CATEGORIAS_CAPACITACION.map((category) => (
              <li key={category.IdCategoria}>{category.Nombre}</li>
            ))}
          </ul>
          <p className="muted">
            Cada <Link to={paths.capacitaciones.tipos.list.href}>tipo de capacitación</Link> pertenece a una de estas categorías.
          </p>
        </CardSection>
      </div>
    </PageContent>
  );
}
