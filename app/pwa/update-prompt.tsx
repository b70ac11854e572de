import { IonButton } from '@ionic/react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import './update-prompt.css';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** A new version waits until the person chooses: reloading on its own could lose a form being filled. */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
  });

  return (
    <div className="update-prompt" role="status">
      {needRefresh && (
        <div className="update-prompt__box">
          <span>Hay una nueva versión disponible</span>
          <div className="update-prompt__actions">
            <IonButton size="small" onClick={() => void updateServiceWorker(true)}>
              Actualizar
            </IonButton>
            <IonButton size="small" fill="outline" color="light" onClick={() => setNeedRefresh(false)}>
              Más tarde
            </IonButton>
          </div>
        </div>
      )}
    </div>
  );
}
