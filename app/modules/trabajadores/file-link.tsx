import type { FileRef } from '#sync/records/record-fields.ts';
import { useFileUrl } from './use-worker-files.ts';

interface FileLinkProps {
  fileRef: FileRef | null | undefined;
  serverUrls: Record<string, string> | undefined;
  /** The link's text, which names what it opens. */
  label: string;
}

/** A worker file: the device copy while it waits in the outbox, otherwise its signed server address. */
export function FileLink({ fileRef, serverUrls, label }: FileLinkProps) {
  const url = useFileUrl(fileRef, serverUrls);
  if (!fileRef) return <>Sin archivo</>;
  return url ? (
    <a href={url} target="_blank" rel="noopener">
      {label}
    </a>
  ) : (
    <>Disponible con conexión</>
  );
}

/** Every file of a child (a certification or licence may carry several). */
export function FileLinks({ refs, serverUrls, label }: Omit<FileLinkProps, 'fileRef'> & { refs: FileRef[] }) {
  if (refs.length === 0) return <>Sin archivo</>;
  return (
    <>
      {refs.map((ref, index) => (
        <span key={ref.Sha256} className="file-links__item">
          <FileLink fileRef={ref} serverUrls={serverUrls} label={refs.length > 1 ? `${label} (${index + 1})` : label} />
        </span>
      ))}
    </>
  );
}
