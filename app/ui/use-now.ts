import { useEffect, useState } from 'react';

/** The current time in epoch ms, refreshed every `everyMs`: what a countdown on screen reads (offline too). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
