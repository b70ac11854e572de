import { formatDisplayDate, toWireDate } from '#sync/domain/dates.ts';
import { formatRut } from '#sync/domain/rut.ts';
import {
  DS76_ACCIDENT_MONTHS,
  DS76_RISK_NOTE,
  REGISTRO_DS76_COLUMNS,
  REGISTRO_DS76_FILTERS,
  type RegistroDs76Row,
} from '#sync/schemas/acceso-registro.schema.ts';
import { MAX_REPORT_PAGE, type ReportListAnswer } from '#sync/schemas/report-list.schema.ts';
import { IonButton, IonIcon } from '@ionic/react';
import { printOutline } from 'ionicons/icons';
import { apiRequest } from '#app/data/api-client.ts';
import { useLevelLookups } from '#app/data/reference-queries.ts';
import { levelName } from '#app/session/level-names.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { PageContent } from '#app/ui/page-content.tsx';
import { ReportFilterBar } from '#app/ui/report-list/report-filter-bar.tsx';
import { ServerReportList } from '#app/ui/report-list/server-report-list.tsx';
import { useReportFilters } from '#app/ui/report-list/use-report-filters.ts';
import { useOnlineStatus } from '#app/ui/use-online-status.ts';
import '#app/ui/records.css';
import { GateTabs } from './gate-place.tsx';
import './acceso.css';

/** The register's call before its company: a GET with the filters in its query string. */
const API_PATH = '/control-acceso/registro-ds76';
const LABEL = 'Empresas contratistas y subcontratistas de la faena';

/**
 * `/control-acceso/registro-ds76`: the DS 76 register of one worksite, from the server: its contractor and
 * subcontractor companies, printable and exported to CSV. The whole register is one page, so it prints whole.
 */
export function RegistroDs76Page() {
  const session = useRequiredSession();
  const online = useOnlineStatus();
  const levels = useLevelLookups();
  const state = useReportFilters(REGISTRO_DS76_FILTERS);
  const allowed = hasPermission(session, '/control-acceso', 'index');
  const company = session.empresa.IdEmpresa;
  const worksiteId = state.values.IdNivel2 ?? '';
  const worksite = levels?.names.get(worksiteId) ?? '';
  const worksiteWord = levelName(session, 2);
  const today = toWireDate(new Date());
  const fetchPage = (page: { Pagina: number; PorPagina: number }, signal?: AbortSignal) =>
    apiRequest<ReportListAnswer<RegistroDs76Row>>(
      `${API_PATH}/${company}?${new URLSearchParams({
        ...state.given,
        Pagina: String(page.Pagina),
        PorPagina: String(page.PorPagina),
      }).toString()}`,
      { signal },
    );
  return (
    <PageContent>
      <div className="page-body">
        <h1 className="page-title">Registro DS 76</h1>
        <GateTabs />
        <p className="muted">
          Las empresas contratistas y subcontratistas que trabajan en una {worksiteWord.toLocaleLowerCase('es')}, con sus contratos,
          trabajadores y accidentes, como lo pide el DS 76 a la empresa mandante.
        </p>
        {allowed && <ReportFilterBar id="registro-ds76-filtros" filters={REGISTRO_DS76_FILTERS} state={state} />}
        {!allowed ? (
          <p className="notice notice--warning" role="alert">
            No tienes permiso para ver el registro DS 76.
          </p>
        ) : !online ? (
          <p className="notice notice--info">Este registro se pide al servidor: vuelve a intentarlo con conexión.</p>
        ) : !worksiteId ? (
          <p className="notice notice--info">{`Elige la ${worksiteWord.toLocaleLowerCase('es')} del registro en los filtros.`}</p>
        ) : (
          <article className="registro-ds76" aria-labelledby="registro-ds76-titulo">
            <h2 id="registro-ds76-titulo">{`Registro DS 76 · ${worksite || worksiteWord}`}</h2>
            <p>
              {`Empresa mandante: ${session.empresa.NombreEmpresa}, RUT ${formatRut(session.empresa.RutEmpresa)}. `}
              {`Al ${formatDisplayDate(today)}.`}
            </p>
            <ServerReportList
              label={LABEL}
              queryKey={['report-list', API_PATH, company, state.given]}
              fetchPage={fetchPage}
              columns={REGISTRO_DS76_COLUMNS}
              rowKey={(row) => row.Clave}
              fileName={`registro-ds76-${today}`}
              pageSize={MAX_REPORT_PAGE}
              emptyMessage={`Ninguna empresa contratista tiene contratos en esta ${worksiteWord.toLocaleLowerCase('es')}.`}
            >
              <div className="button-row">
                <IonButton fill="outline" color="dark" size="small" onClick={() => window.print()}>
                  <IonIcon slot="start" icon={printOutline} aria-hidden="true" />
                  Imprimir
                </IonButton>
              </div>
            </ServerReportList>
            <p className="muted">
              {`Trabajadores: los asignados a sus contratos en la ${worksiteWord.toLocaleLowerCase('es')}, acreditados o no; `}
              {`acreditados hoy, los que pueden ingresar. Accidentes: del trabajo (con o sin tiempo perdido y fatales) de los últimos `}
              {`${DS76_ACCIDENT_MONTHS} meses, sin trayecto, cuasi accidentes ni daño material. Mutualidad: las empresas contratistas aún no la registran. `}
              {`Evaluaciones de riesgo: ${DS76_RISK_NOTE.toLocaleLowerCase('es')}.`}
            </p>
          </article>
        )}
      </div>
    </PageContent>
  );
}
