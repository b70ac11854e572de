import { formatDisplayDate } from '#sync/domain/dates.ts';
import type { EppVerification } from '#sync/schemas/epp-entregas.schema.ts';
import { IonButton, IonSpinner } from '@ionic/react';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { apiRequest } from '#app/data/api-client.ts';
import { ApiError } from '#app/data/api-error.ts';
import { formatDisplayDateTime } from '#app/ui/display-format.ts';
import { FactList } from '#app/ui/fact-list.tsx';
import { PublicPage } from '#app/ui/public-page.tsx';
// Signed out nothing else brings the facts' layout (records.css): the page brings it itself.
import '#app/ui/records.css';
import './epp-verificacion.css';

type Check = { status: 'cargando' } | { status: 'encontrada'; data: EppVerification } | { status: 'no-existe' } | { status: 'sin-conexion' } | { status: 'error' };

function useVerification(code: string) {
  const [check, setCheck] = useState<Check>({ status: 'cargando' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setCheck({ status: 'cargando' });
    apiRequest<{ data: EppVerification }>(`/verificar/${encodeURIComponent(code)}`, { authenticated: false, signal: controller.signal }).then(
      (answer) => setCheck({ status: 'encontrada', data: answer.data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setCheck({ status: 'no-existe' });
        else if (error instanceof ApiError && error.offline) setCheck({ status: 'sin-conexion' });
        else setCheck({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [code, attempt]);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { check, retry };
}

/** What the verification concludes, first: valid, annulled, or altered. */
function verdict(data: EppVerification): { tone: 'ok' | 'warning' | 'error'; text: string } {
  if (!data.SelloCoincide) return { tone: 'error', text: 'El sello no coincide: el acta guardada fue alterada' };
  if (data.Anulada) return { tone: 'warning', text: `Acta anulada${data.AnuladaEn ? ` el ${formatDisplayDateTime(new Date(data.AnuladaEn))}` : ''}` };
  return { tone: 'ok', text: 'Acta válida: el sello coincide' };
}

/**
 * `/verificar/{codigo}` (open area, no session): whether a printed EPP delivery acta exists, whether its seal
 * matches what the server stores, whether it was annulled, and when the server received it. Only what the paper
 * already shows; offline it says it cannot check now, never sends anyone to the login.
 */
export function EppVerificacionPage() {
  const { codigo = '' } = useParams();
  const { check, retry } = useVerification(codigo);
  return (
    <PublicPage title="Verificación de acta de entrega de EPP">
      <p className="epp-code">
        <span className="muted epp-code__label">Código</span>
        <CodeValue code={codigo} />
      </p>
      {check.status === 'cargando' ? (
        <div className="page-loading" role="status">
          <IonSpinner name="crescent" aria-hidden="true" />
          <span>Verificando…</span>
        </div>
      ) : check.status === 'encontrada' ? (
        <Verified data={check.data} />
      ) : check.status === 'no-existe' ? (
        <p className="notice notice--error" role="alert">
          No existe un acta de entrega con ese código. Revisa que esté escrito igual que en el acta.
        </p>
      ) : (
        <div className="notice notice--warning" role="alert">
          <p>{check.status === 'sin-conexion' ? 'Sin conexión: el acta se verifica con el servidor. Vuelve a intentarlo cuando haya conexión.' : 'No fue posible verificar el acta ahora.'}</p>
          <IonButton fill="outline" color="dark" onClick={retry}>
            Reintentar
          </IonButton>
        </div>
      )}
    </PublicPage>
  );
}

/**
 * The code as printed on the acta, in its own box under its label: in two halves that break only between them, so a
 * phone shows two even lines and a wider screen one, never a box split across its label.
 */
function CodeValue({ code }: { code: string }) {
  const half = Math.ceil(code.length / 2);
  return (
    <span className="epp-seal epp-code__value">
      {code.slice(0, half)}
      <wbr />
      {code.slice(half)}
    </span>
  );
}

function Verified({ data }: { data: EppVerification }) {
  const { tone, text } = verdict(data);
  return (
    <>
      <p className={`epp-verdict epp-verdict--${tone}`} role="status">
        {text}
      </p>
      <FactList
        facts={[
          ['Empresa', data.Empresa],
          ['Fecha de entrega', formatDisplayDate(data.Fecha)],
          ['Elementos entregados', data.Lineas === 1 ? '1 línea' : `${data.Lineas} líneas`],
          ['Recibida por el servidor', formatDisplayDateTime(new Date(data.RecibidoEn))],
          ['Sello', data.VersionSello === 1 ? 'Versión 1 (sin los nombres)' : `Versión ${data.VersionSello} (incluye los nombres del trabajador y de quien entrega)`],
          ['Estado', data.Anulada ? 'Anulada' : 'Vigente'],
        ]}
      />
    </>
  );
}
