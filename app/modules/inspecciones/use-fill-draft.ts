import { useParams, useSearchParams } from 'react-router-dom';
import { useNiveles } from '#app/data/reference-queries.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { useRefusedWrite } from '#app/ui/records/record-correction.tsx';
import { useDraft } from './draft-queries.ts';

/**
 * What the filling page reads: the draft of `/inspecciones/editar/{id}` (its template travels inside it), the
 * refused finish being corrected (`?corregir={key}`), the finished inspection once the draft is gone, and the
 * levels its header offers.
 */
export function useFillDraft() {
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  const draft = useDraft(id);
  const refused = useRefusedWrite(searchParams.get('corregir'), 'inspecciones', id);
  const finishedRow = useDbQuery(
    async (database) => (id && draft === null ? ((await database.inspecciones.get(id)) ?? null) : null),
    [id, draft === null],
  );
  const levels2 = useNiveles(2);
  const levels3 = useNiveles(3);
  return { id, draft, refused, finishedRow, levels2, levels3 };
}
