import { IonButton } from '@ionic/react';

interface ErrorStateProps {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}

export function ErrorState({ message, onRetry, retrying = false }: ErrorStateProps) {
  return (
    <div className="notice notice--error" role="alert">
      <p>{message}</p>
      <IonButton fill="outline" color="dark" onClick={onRetry} disabled={retrying}>
        Reintentar
      </IonButton>
    </div>
  );
}
