import { IonContent } from '@ionic/react';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * IonContent whose scrolling area takes keyboard focus, so a screen can be scrolled with the keyboard even
 * when everything focusable in it is disabled (offline forms) or hidden inside Ionic inputs.
 */
export function PageContent({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLIonContentElement>(null);
  useEffect(() => {
    void ref.current?.getScrollElement().then((element) => {
      element.tabIndex = 0;
    });
  }, []);
  return (
    <IonContent ref={ref} className={className}>
      {children}
    </IonContent>
  );
}
