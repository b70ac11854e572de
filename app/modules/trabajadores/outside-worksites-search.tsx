import { formatRut } from '#sync/domain/rut.ts';
import { IonButton, IonSpinner } from '@ionic/react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { apiRequest } from '#app/data/api-client.ts';
import { ApiError } from '#app/data/api-error.ts';
import { paths } from '#app/navigation/paths.ts';
import { useOnlineStatus } from '#app/ui/use-online-status.ts';

/** What the server's list gives of a worker: enough to name them and open their detail. */
interface FoundWorker {
  IdPersona: string;
  RunPersona: string;
  Nombres: string;
  ApellidoPaterno: string;
  ApellidoMaterno: string;
}

const SHOWN = 20;

type Search = { state: 'idle' } | { state: 'busy' } | { state: 'done'; found: FoundWorker[]; total: number } | { state: 'failed'; message: string };

/**
 * A tablet of some worksites holds only their workers (SPEC PL13); a worker of another worksite is found online, on
 * the person's request, through the server's list (which judges by role, not by worksite). Shown while a search is typed;
 * `held`: the device's workers matching the same search, not offered again.
 */
export function OutsideWorksitesSearch({ company, text, held }: { company: string; text: string; held: readonly string[] }) {
  const online = useOnlineStatus();
  const [search, setSearch] = useState<Search>({ state: 'idle' });
  // A new text is a new question: the last answer no longer applies.
  useEffect(() => setSearch({ state: 'idle' }), [text]);

  const run = async () => {
    setSearch({ state: 'busy' });
    try {
      const query = new URLSearchParams({ Buscar: text, PorPagina: String(SHOWN), Pagina: '1' });
      const answer = await apiRequest<{ data: FoundWorker[]; total: number }>(`/trabajadores/newtrabajadores2/${company}?${query}`);
      const onDevice = new Set(held);
      setSearch({ state: 'done', found: answer.data.filter((worker) => !onDevice.has(worker.IdPersona)), total: answer.total });
    } catch (error) {
      setSearch({ state: 'failed', message: error instanceof ApiError ? error.message : 'No se pudo buscar en el servidor' });
    }
  };

  return (
    <section className="card outside-search" aria-label="Trabajadores de otras faenas">
      <p>
        Tu tablet guarda los trabajadores de tus faenas. Los de otras faenas se buscan con conexión.
        {!online && ' Ahora estás sin conexión.'}
      </p>
      <IonButton fill="outline" color="dark" size="small" disabled={!online || search.state === 'busy'} onClick={() => void run()}>
        Buscar «{text}» en toda la empresa
      </IonButton>
      <div role="status" aria-live="polite">
        {search.state === 'busy' && <IonSpinner name="dots" aria-label="Buscando en el servidor" />}
        {search.state === 'failed' && <p className="field-error">{search.message}</p>}
        {search.state === 'done' && search.found.length === 0 && <p className="muted">Ningún trabajador de otras faenas coincide.</p>}
      </div>
      {search.state === 'done' && search.found.length > 0 && (
        <ul className="people-list">
          {search.found.map((worker) => (
            <li key={worker.IdPersona}>
              <Link to={paths.trabajadores.detalles.href(worker.IdPersona)}>
                {`${worker.ApellidoPaterno} ${worker.ApellidoMaterno}, ${worker.Nombres}`.replace(/ ,/, ',')} · {formatRut(worker.RunPersona)}
              </Link>
            </li>
          ))}
          {search.total > SHOWN && <li className="muted">Se muestran los primeros {SHOWN}; escribe más para acotar.</li>}
        </ul>
      )}
    </section>
  );
}
