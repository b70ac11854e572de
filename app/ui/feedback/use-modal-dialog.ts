import { useEffect, useRef } from 'react';
import './modal-dialog.css';

/**
 * A native modal `<dialog>` opened while it is on screen: the browser traps focus, names it from its heading and
 * closes it with Escape (its `onCancel`); IonModal would bring its code to the first screen. Give the ref to the dialog,
 * and the class `modal-dialog` for its frame and backdrop.
 */
export function useModalDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return dialog;
}
