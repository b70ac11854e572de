import { IonButton } from '@ionic/react';

/**
 * A refused office write above its form (SPEC OF2): the spec's notice of its kind when it names one ("No se pudo
 * crear el rol") and the server's words, and the choice to correct and save again (the same write, resent) or to
 * drop it.
 */
export function RefusedWrite({ refused, onDiscard }: { refused: { message: string; notice?: string } | null; onDiscard: () => void }) {
  return (
    <div role="alert">
      {refused && (
        <div className="notice notice--error">
          <p>
            {refused.notice ?? 'El servidor no aceptó el cambio'}: {refused.message}
          </p>
          <p>Corrige y vuelve a guardar, o descarta el cambio.</p>
          <IonButton size="small" fill="outline" color="danger" onClick={onDiscard}>
            Descartar cambio
          </IonButton>
        </div>
      )}
    </div>
  );
}
