import { type ChangeEvent, useCallback, useEffect, useRef, useState } from 'react';

/** Typing pauses this long before the text is written (a write per keystroke would wake the whole screen). */
export const TEXT_SAVE_DELAY_MS = 350;

const pendingFlushes = new Set<() => Promise<unknown>>();
const inFlight = new Set<Promise<unknown>>();
let listening = false;

/** Every write of a draft the screen started: finishing waits for them, so it reads what the person saw. */
export function trackDraftWrite<T>(write: Promise<T>): Promise<T> {
  const settled = write.then(
    () => undefined,
    () => undefined,
  );
  inFlight.add(settled);
  void settled.then(() => inFlight.delete(settled));
  return write;
}

/** Writes what is still being typed and waits for every draft write under way. */
export async function settleDraftWrites(): Promise<void> {
  await Promise.all([...pendingFlushes].map((flush) => flush()));
  await Promise.all([...inFlight]);
}

function listenForPageLeave(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  // Closing the tab, switching apps or locking the tablet writes what is still being typed.
  window.addEventListener('pagehide', () => void settleDraftWrites());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void settleDraftWrites();
  });
}

export interface DraftTextField {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur: () => void;
}

/**
 * A text of the draft being typed: shown as typed, written after a short pause, when the field loses focus,
 * when the field goes away and when the page is hidden or closed (SPEC IN1). Until the saved value comes back
 * from the database the typed text stays on screen, so the cursor never jumps.
 */
export function useDraftText(stored: string, save: (text: string) => unknown, delay = TEXT_SAVE_DELAY_MS): DraftTextField {
  const [typed, setTyped] = useState<string | null>(null);
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saveRef = useRef(save);

  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const flush = useCallback(function flush(): Promise<unknown> {
    clearTimeout(timer.current);
    timer.current = undefined;
    pendingFlushes.delete(flush);
    const text = pending.current;
    if (text === null) return Promise.resolve();
    pending.current = null;
    // The screen's save functions report their own failures (a toast); here a failure only ends the wait.
    return trackDraftWrite(Promise.resolve(saveRef.current(text))).catch(() => undefined);
  }, []);

  useEffect(
    () => () => {
      void flush();
    },
    [flush],
  );

  useEffect(() => {
    if (typed !== null && pending.current === null && typed === stored) setTyped(null);
  }, [typed, stored]);

  const onChange = useCallback(
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const text = event.target.value;
      setTyped(text);
      pending.current = text;
      if (delay <= 0) {
        void flush();
        return;
      }
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), delay);
      listenForPageLeave();
      pendingFlushes.add(flush);
    },
    [delay, flush],
  );

  const onBlur = useCallback(() => void flush(), [flush]);

  return { value: typed ?? stored, onChange, onBlur };
}
