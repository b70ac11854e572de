import { formatRut } from '#sync/domain/rut.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import type { DocumentoRequisito } from '#sync/schemas/contratistas-documentos.schema.ts';
import { useRecordFileUrls } from '#app/data/record-file-urls.ts';
import { useRequiredSession } from '#app/session/use-session.ts';

interface DocumentFile {
  ref: FileRef;
  label: string;
  noun: string;
}

/** Whom a document is about: the worker, vehicle or machine, or the company, and the month of a monthly one. */
export const documentAbout = (doc: DocumentoRequisito) =>
  [doc.NombrePersona || doc.NombreActivo || formatRut(doc.RutContratista), doc.Mes && `mes ${doc.Mes.slice(5)}-${doc.Mes.slice(0, 4)}`].filter(Boolean).join(' · ');

/** The requirement and whom it is about, as a screen reader tells one card from another. */
export const documentLabel = (doc: DocumentoRequisito) => `${doc.NombreRequisito}, ${documentAbout(doc)}`;

function filesOf(doc: DocumentoRequisito): DocumentFile[] {
  return [
    ...(doc.Archivo ? [{ ref: doc.Archivo, label: 'Ver documento', noun: 'Documento' }] : []),
    ...(doc.Renovacion ? [{ ref: doc.Renovacion.Archivo, label: 'Ver renovación', noun: 'Renovación' }] : []),
  ];
}

/**
 * «Ver documento» and «Ver renovación», each opening in a new tab: from this device when the bytes are here (uploaded
 * here), else from the document's detail, which signs its files' addresses. Offline without the bytes, it says so.
 */
export function DocumentoArchivoLinks({ doc }: { doc: DocumentoRequisito }) {
  const session = useRequiredSession();
  const files = filesOf(doc);
  const detail = `/gestion-contratista/gestion-requisitos/${encodeURIComponent(session.empresa.IdEmpresa)}/${encodeURIComponent(doc.IdDocumento)}`;
  const urls = useRecordFileUrls(
    files.length > 0 ? detail : null,
    files.map((file) => file.ref),
  );
  if (files.length === 0) return null;
  return (
    <p className="button-row">
      {files.map(({ ref, label, noun }) => {
        const url = urls[ref.Sha256];
        return url ? (
          <a key={label} href={url} target="_blank" rel="noopener" aria-label={`${label} de ${documentLabel(doc)} (se abre en otra pestaña)`}>
            {label}
          </a>
        ) : (
          <span key={label} className="muted">
            {noun}: disponible con conexión
          </span>
        );
      })}
    </p>
  );
}
