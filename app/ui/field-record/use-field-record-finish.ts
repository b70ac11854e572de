import { useCallback, useRef, useState } from 'react';
import type { FinishResult } from '#app/data/drafts.ts';

/**
 * Finishing a field record from its screen: one run at a time, its problems kept to show beside what they name,
 * `onFinished` once its write(s) are queued (also when another tab had finished it), `failure` when the device
 * could not write. `finish` never changes, so a screen may run it from an effect.
 */
export function useFieldRecordFinish<Problem>(
  run: () => Promise<FinishResult<Problem>>,
  onFinished: (alreadyFinished: boolean) => void,
  failure: Problem,
): { finish: () => Promise<void>; problems: Problem[] | null; busy: boolean } {
  const [problems, setProblems] = useState<Problem[] | null>(null);
  const [busy, setBusy] = useState(false);
  const latest = useRef({ run, onFinished, failure });
  latest.current = { run, onFinished, failure };
  const running = useRef(false);
  const finish = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      const result = await latest.current.run();
      setProblems(result.ok ? null : result.problems);
      if (result.ok) latest.current.onFinished(result.alreadyFinished);
    } catch {
      setProblems([latest.current.failure]);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { finish, problems, busy };
}
