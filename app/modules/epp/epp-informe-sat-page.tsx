import { formatDisplayDate } from '#sync/domain/dates.ts';
import { cleanRut, formatRut, rutError } from '#sync/domain/rut.ts';
import { type InformeSat, type InformeSatLinea, informeSatColumns } from '#sync/schemas/epp-consultas.schema.ts';
import { IonButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { apiRequest } from '#app/data/api-client.ts';
import { errorMessage } from '#app/data/api-error.ts';
import { paths } from '#app/navigation/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { useOnlineStatus } from '#app/ui/use-online-status.ts';
import { InformeSatPdf } from './epp-informe-sat-pdf.tsx';
import '#app/ui/records.css';
import { ReportTable } from '#app/ui/report-list/report-table.tsx';

/**
 * Informe SAT (spec epp/informe_sat): a worker searched by RUT, what they hold today of each EPP (since when, until
 * when, the acta it was signed in), their delivery history, and the printable PDF drawn by the report pipeline.
 * The RUT lives in the address (`?rut=`), so a consulta's row opens its worker's informe.
 */
export function EppInformeSatPage() {
  const session = useRequiredSession();
  const online = useOnlineStatus();
  const ids = useId();
  const [params, setParams] = useSearchParams();
  const rut = params.get('rut') ?? '';
  const [typed, setTyped] = useState(rut ? formatRut(rut) : '');
  const [problem, setProblem] = useState<string | null>(null);
  const company = session.empresa.IdEmpresa;
  const query = useQuery({
    queryKey: ['epp-informe-sat', company, rut],
    queryFn: ({ signal }) => apiRequest<{ data: InformeSat }>(`/epp/informes/informe_sat/${encodeURIComponent(rut)}/${company}`, { signal }),
    enabled: online && rut !== '',
    retry: false,
  });
  const search = (event: FormEvent) => {
    event.preventDefault();
    const error = rutError(typed);
    setProblem(error);
    if (!error) setParams(new URLSearchParams({ rut: cleanRut(typed) }), { replace: true });
  };
  const data = query.data?.data;
  return (
    <PageContent>
      <div className="page-body">
        <h1 className="page-title">Informe SAT</h1>
        <form className="epp-sat-search" onSubmit={search} noValidate>
          <div className="select-field">
            <label htmlFor={`${ids}-rut`}>RUT del trabajador</label>
            <input
              id={`${ids}-rut`}
              inputMode="text"
              autoComplete="off"
              placeholder="12.345.678-5"
              value={typed}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${ids}-error` : undefined}
              onChange={(event) => setTyped(event.target.value)}
            />
            {problem && (
              <p id={`${ids}-error`} className="field-error" role="alert">
                {problem}
              </p>
            )}
          </div>
          <IonButton type="submit">Buscar</IonButton>
        </form>
        {!online ? (
          <p className="notice notice--info">El informe se consulta al servidor: vuelve a intentarlo con conexión.</p>
        ) : rut === '' ? (
          <p className="muted">Ingresa el RUT de un trabajador para ver el EPP que tiene, desde cuándo y hasta cuándo.</p>
        ) : query.isPending ? (
          <PageLoading label="Buscando el EPP del trabajador…" />
        ) : query.isError ? (
          <p className="notice notice--warning" role="alert">
            {errorMessage(query.error)}
          </p>
        ) : data ? (
          <>
            <CardSection id="epp-sat-trabajador" title={data.Trabajador.Nombre}>
              <dl className="record-fields">
                <dt>RUT</dt>
                <dd>{formatRut(data.Trabajador.RunPersona)}</dd>
                <dt>Cargo</dt>
                <dd>{data.Trabajador.Cargos || '—'}</dd>
                <dt>{levelName(session, 2)}</dt>
                <dd>{data.Trabajador.Nivel2 || '—'}</dd>
                <dt>{levelName(session, 3)}</dt>
                <dd>{data.Trabajador.Nivel3 || '—'}</dd>
                <dt>Estado al</dt>
                <dd>{formatDisplayDate(data.Fecha)}</dd>
              </dl>
            </CardSection>
            <CardSection id="epp-sat-vigentes" title="EPP que tiene hoy">
              <Lines label="EPP que tiene hoy" lines={data.Vigentes} empty="No tiene epp entregado." current />
            </CardSection>
            <CardSection id="epp-sat-historial" title="Historial de entregas">
              <Lines label="Historial de entregas" lines={data.Historial} empty="No tiene entregas de epp." current={false} />
            </CardSection>
            <InformeSatPdf data={data} />
          </>
        ) : null}
      </div>
    </PageContent>
  );
}

const actaLink = (line: InformeSatLinea) => ({
  href: paths.eppEntregados.detalles.href(line.IdEntregadosEpp),
  label: 'Ver acta',
  more: ` del ${formatDisplayDate(line.Fecha)} (${line.NombreEpp})`,
});

function Lines({ label, lines, empty, current }: { label: string; lines: InformeSatLinea[]; empty: string; current: boolean }) {
  if (lines.length === 0) return <p className="notice notice--info">{empty}</p>;
  return <ReportTable label={label} columns={informeSatColumns(current)} rows={lines} rowKey={(line) => line.IdLinea} rowLink={actaLink} />;
}
