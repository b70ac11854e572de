import { IonButton } from '@ionic/react';
import { useEffect, useRef } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useUpdateRequired } from './update-required.ts';
import './update-prompt.css';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * A new version waits until the person chooses: reloading on its own could lose a form being filled. When the
 * server asks for a newer app (SPEC PV3) the new version is looked for at once instead of within the hour.
 */
export function UpdatePrompt() {
  const registered = useRef<ServiceWorkerRegistration | undefined>(undefined);
  const updateRequired = useUpdateRequired();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      registered.current = registration;
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
  });

  useEffect(() => {
    if (updateRequired) void registered.current?.update().catch(() => undefined);
  }, [updateRequired]);

  return (
    <div className="update-prompt" role="status">
      {needRefresh && (
        <div className="update-prompt__box">
          <span>{updateRequired ? 'Actualiza la aplicación para seguir sincronizando' : 'Hay una nueva versión disponible'}</span>
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
