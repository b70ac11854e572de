import type { InlineImage } from '#sync/schemas/common.schema.ts';
import { IonButton, IonIcon } from '@ionic/react';
import { cameraOutline } from 'ionicons/icons';
import { useId, useRef, useState } from 'react';
import { IMAGE_ACCEPT, readImageFile } from './image-file.ts';
import './image-picker.css';

interface ImagePickerProps {
  currentUrl: string | null;
  alt: string;
  fallback: string;
  buttonLabel: string;
  disabled: boolean;
  shape?: 'round' | 'square';
  onPicked: (image: InlineImage) => void;
}

/** Shows the avatar or logo and lets the person choose another; a broken or missing image falls back to initials. */
export function ImagePicker({ currentUrl, alt, fallback, buttonLabel, disabled, shape = 'round', onPicked }: ImagePickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const shown = preview ?? currentUrl;
  const pick = async (file: File | undefined) => {
    if (!file) return;
    const result = await readImageFile(file);
    if (inputRef.current) inputRef.current.value = '';
    if (!result.ok) return setError(result.message);
    setError(null);
    setPreview(result.previewUrl);
    onPicked(result.image);
  };

  return (
    <div className={`image-picker image-picker--${shape}`}>
      {shown && shown !== failedUrl ? (
        <img className="image-picker__image" src={shown} alt={alt} onError={() => setFailedUrl(shown)} />
      ) : (
        <span className="image-picker__image image-picker__fallback" role="img" aria-label={alt}>
          {fallback}
        </span>
      )}
      <div>
        <input
          ref={inputRef}
          type="file"
          accept={IMAGE_ACCEPT}
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => void pick(event.target.files?.[0])}
        />
        <IonButton fill="outline" color="dark" disabled={disabled} onClick={() => inputRef.current?.click()} aria-describedby={error ? errorId : undefined}>
          <IonIcon slot="start" icon={cameraOutline} aria-hidden="true" />
          {buttonLabel}
        </IonButton>
        <p className="muted image-picker__hint">PNG, JPEG o WebP, hasta 2 MB.</p>
        <p id={errorId} role="alert" className="image-picker__error">
          {error}
        </p>
      </div>
    </div>
  );
}
