import { Link } from 'react-router-dom';
import type { LocalInspeccion } from '#app/db/inspection-rows.ts';
import { paths } from '#app/navigation/paths.ts';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';

/** The filling page of a draft this device does not have, with a link to the inspection if it was finished here. */
export function FillDraftMissing({ finished }: { finished: LocalInspeccion | null | undefined }) {
  return (
    <PageContent>
      <div className="page-body">
        <PageHeading parentHref={paths.inspecciones.list.href} parentLabel="Inspecciones" title="Inspección en curso" />
        <p className="notice notice--warning">La inspección en curso no está en este dispositivo.</p>
        {finished && <Link to={paths.inspecciones.detalles.href(finished.IdEvaluacion)}>Ver la inspección finalizada</Link>}
      </div>
    </PageContent>
  );
}
