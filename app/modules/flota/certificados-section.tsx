import { formatDisplayDate } from '#sync/domain/dates.ts';
import { CLASES_CERTIFICACION } from '#sync/domain/fleet-fitness.ts';
import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import { entityOf } from '#sync/records/entities.ts';
import { fillPath } from '#sync/records/entity.ts';
import { VALIDITY_LABELS, type ValidityState } from '#sync/domain/validity.ts';
import type { CertificadoFlota } from '#sync/schemas/flota-registros.schema.ts';
import type { Medidor } from '#sync/schemas/flota-tipos.schema.ts';
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { useQueuedRecordKeys } from '#app/data/reference-queries.ts';
import { useRecordFileUrls } from '#app/data/record-file-urls.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { LightChip } from '#app/ui/traffic-light.tsx';
import type { AssetKind, CertificateTable } from './asset-kinds.ts';
import { type AssetState, type CertificateLine, certificateLines } from './asset-state.ts';
import { CertificadoDialog } from './certificado-dialog.tsx';
import type { AssetPlace } from './flota-writes.ts';
import { readingText } from './meter-text.ts';
import './asset-sections.css';

const STATE_COLOURS: Record<ValidityState, 'verde' | 'amarillo' | 'rojo'> = { vigente: 'verde', 'por-vencer': 'amarillo', vencida: 'rojo' };

/** «Vence el 30/04/2027 o a los 50.500 km», whichever comes first. */
function expiryText(cert: CertificadoFlota, medidor: Medidor): string {
  const when = [
    cert.FechaVencimiento && `el ${formatDisplayDate(cert.FechaVencimiento)}`,
    cert.LecturaVencimiento !== null && `a los ${readingText(cert.LecturaVencimiento, medidor)}`,
  ].filter(Boolean);
  return when.length > 0 ? `Vence ${when.join(' o ')}` : 'Sin vencimiento';
}

/**
 * The certificate's photos and PDF: from this device while they wait to be sent, else from the certificate's detail
 * call, which signs its files' addresses.
 */
function CertificateFiles({ table, cert, name }: { table: CertificateTable; cert: CertificadoFlota; name: string }) {
  const session = useRequiredSession();
  const { api } = entityOf(table);
  const detail = `${api.base}${fillPath(api.detail, { IdCertificacion: cert.IdCertificacion, company: session.empresa.IdEmpresa })}`.replace(/^\/api/, '');
  const urls = useRecordFileUrls(cert.Archivos.length > 0 ? detail : null, cert.Archivos);
  if (cert.Archivos.length === 0) return <p className="fleet-list__meta muted">Sin archivos adjuntos</p>;
  return (
    <p className="fleet-list__meta button-row">
      {cert.Archivos.map((file, index) => {
        const label = cert.Archivos.length > 1 ? `Ver archivo ${index + 1}` : 'Ver archivo';
        const url = urls[file.Sha256];
        return url ? (
          <a key={file.Sha256} href={url} target="_blank" rel="noopener" aria-label={`${label} de ${name} (se abre en otra pestaña)`}>
            {label}
          </a>
        ) : (
          <span key={file.Sha256} className="muted">
            {label}: disponible con conexión
          </span>
        );
      })}
    </p>
  );
}

interface CertificateItemProps {
  table: CertificateTable;
  line: CertificateLine;
  medidor: Medidor;
  queued: boolean;
}

function CertificateItem({ table, line, medidor, queued }: CertificateItemProps) {
  const { certificate: cert } = line;
  const name = CLASES_CERTIFICACION[cert.Clase];
  return (
    <li>
      <p className="fleet-list__meta">
        <strong>{name}</strong>{' '}
        {line.state ? (
          <LightChip colour={STATE_COLOURS[line.state]} label={VALIDITY_LABELS[line.state]} prefix="Estado" />
        ) : (
          <span className="badge">Reemplazada</span>
        )}
        {queued && (
          <>
            {' '}
            <span className="badge badge--pending">Pendiente de enviar</span>
          </>
        )}
      </p>
      <p className="fleet-list__meta">
        Emitida el {formatDisplayDate(cert.FechaEmision)} · {expiryText(cert, medidor)}
        {cert.Certificador && ` · Certificador: ${cert.Certificador}`}
      </p>
      {cert.Observacion && <p className="fleet-list__meta">{cert.Observacion}</p>}
      <CertificateFiles table={table} cert={cert} name={name} />
    </li>
  );
}

interface CertificadosSectionProps {
  kind: AssetKind;
  assetId: string;
  place: AssetPlace;
  state: AssetState;
  /** A vehicle's plate: its revisión técnica is suggested by it. */
  plate: string | null;
  today: string;
}

/** The asset's certificates, the ones that count first, and «Agregar certificación» for who may add one. */
export function CertificadosSection({ kind, assetId, place, state, plate, today }: CertificadosSectionProps) {
  const session = useRequiredSession();
  const queued = useQueuedRecordKeys();
  const [adding, setAdding] = useState(false);
  const lines = certificateLines(state, today);
  const canAdd = hasPermission(session, entityOf(kind.certificates).permission, 'crear');
  return (
    <CardSection id="flota-certificaciones" title="Certificaciones">
      {lines.length === 0 ? (
        <p className="muted">Sin certificaciones registradas.</p>
      ) : (
        <ul className="fleet-list">
          {lines.map((line) => (
            <CertificateItem
              key={line.certificate.IdCertificacion}
              table={kind.certificates}
              line={line}
              medidor={state.medidor}
              queued={queued?.has(recordKeyOf(kind.certificates, line.certificate.IdCertificacion)) ?? false}
            />
          ))}
        </ul>
      )}
      {canAdd && (
        <IonButton fill="outline" color="dark" size="small" onClick={() => setAdding(true)}>
          Agregar certificación
        </IonButton>
      )}
      {adding && (
        <CertificadoDialog kind={kind} assetId={assetId} place={place} state={state} plate={plate} onClose={() => setAdding(false)} />
      )}
    </CardSection>
  );
}
