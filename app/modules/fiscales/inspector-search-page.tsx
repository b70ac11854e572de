import { DATE_PICKER_MIN, toWireDate } from '#sync/domain/dates.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { type CardKind, FISCALES_MESSAGES, type PortalCompany, type PortalSearchAnswer, type PortalWorker } from '#sync/schemas/fiscales.schema.ts';
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { errorMessage } from '#app/data/api-error.ts';
import { FormMessage, type FormMessageValue } from '#app/ui/feedback/form-message.tsx';
import { AutocompleteField } from '#app/ui/form/autocomplete-field.tsx';
import { fetchWorkerRecords, recordPdfLink, searchCompanies, searchWorkers } from './fiscales-api.ts';
import { InspectorPeriod } from './inspector-period.tsx';
import { InspectorResults } from './inspector-results.tsx';

const COMPANY_STATE: Record<number, string> = { 0: 'dada de baja', 2: 'suspendida' };

/**
 * The inspector's one screen (spec 2.5): a company of the platform, one of its workers, a period, Buscar; then the
 * worker's four cards, each row opening its PDF, made by the server, in a new tab.
 */
export function InspectorSearchPage() {
  const today = toWireDate(new Date());
  const [company, setCompany] = useState<PortalCompany | null>(null);
  const [worker, setWorker] = useState<PortalWorker | null>(null);
  const [period, setPeriod] = useState({ desde: DATE_PICKER_MIN, hasta: today });
  const [loading, setLoading] = useState(false);
  const [answer, setAnswer] = useState<PortalSearchAnswer | null>(null);
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const [opening, setOpening] = useState<string | null>(null);

  const search = async () => {
    if (!company || !worker) return;
    setLoading(true);
    setMessage(null);
    try {
      setAnswer(await fetchWorkerRecords(company.IdEmpresa, worker.IdPersona, period));
    } catch (error) {
      setAnswer(null);
      setMessage({ tone: 'error', text: errorMessage(error) });
    } finally {
      setLoading(false);
    }
  };

  const openPdf = async (kind: CardKind, id: string) => {
    if (!answer) return;
    // Opened at the click, before the answer arrives: a tab opened later is taken for a pop-up and blocked.
    const tab = window.open('about:blank', '_blank');
    setOpening(id);
    setMessage(null);
    try {
      const link = await recordPdfLink(answer.empresa.IdEmpresa, answer.trabajador.IdPersona, kind, id);
      if (tab) {
        tab.opener = null;
        tab.location.href = link.Url;
      } else window.location.assign(link.Url);
    } catch (error) {
      tab?.close();
      setMessage({ tone: 'error', text: errorMessage(error) });
    } finally {
      setOpening(null);
    }
  };

  return (
    <div className="inspector-search">
      <h1>Búsqueda de registros de un trabajador</h1>
      <div className="inspector-search__form">
        <AutocompleteField<PortalCompany>
          label="Rut Empresa"
          placeholder="RUT o nombre de la empresa"
          value={company}
          onChange={(next) => {
            setCompany(next);
            setWorker(null);
            setAnswer(null);
          }}
          search={(text, signal) => searchCompanies(text, signal)}
          toOption={(row) => ({
            id: row.IdEmpresa,
            label: formatRut(row.RutEmpresa),
            detail: COMPANY_STATE[row.EstadoEmpresa] ? `${row.NombreEmpresa} (${COMPANY_STATE[row.EstadoEmpresa]})` : row.NombreEmpresa,
          })}
          emptyText="No hay empresas con ese RUT o nombre."
        />
        <AutocompleteField<PortalWorker>
          key={company?.IdEmpresa ?? 'sin-empresa'}
          label="Rut Trabajador"
          placeholder={company ? 'RUT o nombre del trabajador' : 'Elige primero la empresa'}
          disabled={!company}
          value={worker}
          onChange={(next) => {
            setWorker(next);
            setAnswer(null);
          }}
          search={(text, signal) => searchWorkers(company?.IdEmpresa ?? '', text, signal)}
          toOption={(row) => ({ id: row.IdPersona, label: formatRut(row.Rut), detail: row.Nombre })}
          emptyText="No hay trabajadores de esta empresa con ese RUT o nombre."
        />
        {company && worker && (
          <p className="muted">
            {worker.Nombre} · {company.NombreEmpresa}
          </p>
        )}
        <InspectorPeriod period={period} today={today} onAccept={setPeriod} />
        <IonButton disabled={!worker || loading} onClick={() => void search()}>
          Buscar
        </IonButton>
        {!worker && <p className="muted">{FISCALES_MESSAGES.workerRequired} para buscar.</p>}
      </div>
      {loading && <progress className="inspector-progress" aria-label="Buscando registros" />}
      <FormMessage message={message} />
      {answer && !loading && <InspectorResults answer={answer} onOpenPdf={(kind, id) => void openPdf(kind, id)} opening={opening} />}
    </div>
  );
}
