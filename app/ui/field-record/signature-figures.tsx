import { formatRut } from '#sync/domain/rut.ts';
import { useOnlineStatus } from '#app/ui/use-online-status.ts';
import './signature-figures.css';

export interface ShownSignature {
  key: string;
  /** What the signature says: «Entrega», «Recibe», «Ejecutor». */
  role: string;
  name: string;
  rut?: string | null;
  /** A line under the caption: a position, when it was signed. */
  detail?: string;
  /** The image's address on this device or the server's signed link; undefined when neither is at hand. */
  url: string | undefined;
}

/**
 * The signatures of a finished record, each with its image, who signed, their role and RUT. A record pulled from the
 * server may not have the images' bytes on this device: offline the box says they come with the connection.
 */
export function SignatureFigures({ signatures }: { signatures: readonly ShownSignature[] }) {
  const online = useOnlineStatus();
  if (signatures.length === 0) return <p className="muted">Sin firmas.</p>;
  return (
    <div className="signature-figures">
      {signatures.map((signature) => (
        <figure key={signature.key} className="signature-figure">
          {signature.url ? (
            <img src={signature.url} alt={`Firma de ${signature.name}`} />
          ) : (
            <div className="signature-figure__missing">
              {online ? 'La imagen de la firma no está disponible.' : 'La firma se mostrará cuando haya conexión.'}
            </div>
          )}
          <figcaption>
            <strong>{signature.name}</strong>
            <br />
            {signature.role}
            {signature.rut && ` · RUT ${formatRut(signature.rut)}`}
            {signature.detail && (
              <>
                <br />
                <span className="muted">{signature.detail}</span>
              </>
            )}
          </figcaption>
        </figure>
      ))}
    </div>
  );
}
