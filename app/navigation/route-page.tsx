import { IonPage } from '@ionic/react';
import { type ReactNode, Suspense } from 'react';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';

/**
 * Every routed screen: Ionic's outlet needs the IonPage element at once, so a lazily loaded screen suspends
 * inside it rather than in place of it.
 */
export function RoutePage({ children }: { children: ReactNode }) {
  return (
    <IonPage>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </IonPage>
  );
}
