import { IonButton } from '@ionic/react';
import { useEffect, useRef, useState } from 'react';
import { useModalDialog } from '#app/ui/feedback/use-modal-dialog.ts';

/** The browser's QR reader (Chrome on Android, among others); no decoder library is shipped for the others. */
interface BarcodeReader {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeReaderClass = new (options: { formats: string[] }) => BarcodeReader;

const readerClass = (): BarcodeReaderClass | undefined => (globalThis as { BarcodeDetector?: BarcodeReaderClass }).BarcodeDetector;

const SCAN_EVERY_MS = 250;

/** «Escanear»: the camera until a QR is read; absent where the browser cannot read one (typing always works). */
export function ScanButton({ onRead }: { onRead: (text: string) => void }) {
  const [open, setOpen] = useState(false);
  if (!readerClass()) return null;
  return (
    <>
      <IonButton fill="outline" color="dark" onClick={() => setOpen(true)}>
        Escanear
      </IonButton>
      {open && (
        <ScanDialog
          onClose={() => setOpen(false)}
          onRead={(text) => {
            setOpen(false);
            onRead(text);
          }}
        />
      )}
    </>
  );
}

function ScanDialog({ onRead, onClose }: { onRead: (text: string) => void; onClose: () => void }) {
  const dialog = useModalDialog();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState('');
  const read = useRef(onRead);
  read.current = onRead;
  useEffect(() => {
    const Reader = readerClass();
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const scan = async (reader: BarcodeReader) => {
      if (stopped || !video.current) return;
      const found = await reader.detect(video.current).catch(() => []);
      if (found[0] && !stopped) return read.current(found[0].rawValue);
      timer = setTimeout(() => void scan(reader), SCAN_EVERY_MS);
    };
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (stopped || !video.current || !Reader) return stream.getTracks().forEach((track) => track.stop());
        video.current.srcObject = stream;
        await video.current.play();
        void scan(new Reader({ formats: ['qr_code'] }));
      } catch {
        setProblem('No fue posible usar la cámara: escribe el RUT, la patente o el código.');
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);
  return (
    <dialog ref={dialog} className="modal-dialog gate-dialog" aria-labelledby="gate-scan-title" onCancel={onClose}>
      <h2 id="gate-scan-title">Escanear código QR</h2>
      <p className="muted">Apunta la cámara al QR de la cédula, del pase o del vehículo.</p>
      <video ref={video} className="gate-scan__video" muted playsInline aria-label="Imagen de la cámara" />
      <div role="alert">{problem && <p className="notice notice--error">{problem}</p>}</div>
      <div className="button-row">
        <IonButton fill="outline" color="dark" onClick={onClose}>
          Cancelar
        </IonButton>
      </div>
    </dialog>
  );
}
