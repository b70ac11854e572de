import type { FileRef } from '#sync/records/record-fields.ts';
import { useOnlineStatus } from './use-online-status.ts';
import './photo-thumbnails.css';

interface PhotoThumbnailsProps {
  refs: readonly FileRef[];
  /** Address of each file by SHA-256: a device object URL or a signed server URL. */
  urls: Record<string, string>;
  /** What the photos are of ("Fotos de la observación"): the list's name, and each photo's with its number. */
  label: string;
}

/** Small photos that open full size; one not on the device and not reachable says so instead of a broken image. */
export function PhotoThumbnails({ refs, urls, label }: PhotoThumbnailsProps) {
  const online = useOnlineStatus();
  if (refs.length === 0) return null;
  const missing = online ? 'Foto no disponible' : 'Foto disponible con conexión';
  return (
    <ul className="photo-thumbnails" aria-label={label}>
      {refs.map((ref, index) => {
        const name = `${label}: foto ${index + 1} de ${refs.length}`;
        const url = urls[ref.Sha256];
        return (
          <li key={ref.Sha256}>
            {url ? (
              <a href={url} target="_blank" rel="noopener">
                <img src={url} alt={name} loading="lazy" />
              </a>
            ) : (
              <span className="photo-thumbnails__missing" role="img" aria-label={`${name}: ${missing.toLowerCase()}`}>
                {missing}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
