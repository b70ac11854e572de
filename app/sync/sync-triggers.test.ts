import { describe, expect, it, vi } from 'vitest';
import type { Replayer } from '#sync/outbox/replayer.ts';
import { startSyncTriggers, type TriggerEnvironment } from './sync-triggers.ts';

function fakeEnvironment() {
  const windowTarget = new EventTarget();
  const documentTarget = Object.assign(new EventTarget(), { visibilityState: 'hidden' as DocumentVisibilityState });
  const intervals: (() => void)[] = [];
  const environment: TriggerEnvironment = {
    window: windowTarget,
    document: documentTarget,
    navigator: { onLine: false },
    setInterval: (fn) => intervals.push(fn),
    clearInterval: vi.fn(),
  };
  return { environment, windowTarget, documentTarget, intervals };
}

function fakeReplayer() {
  return { requestSync: vi.fn(async () => {}), setOnline: vi.fn() };
}

describe('startSyncTriggers', () => {
  it('RP12: syncs on start, on a visible tab and on the timer; RP13: online ignores the backoff', () => {
    const { environment, windowTarget, documentTarget, intervals } = fakeEnvironment();
    const replayer = fakeReplayer();
    const stop = startSyncTriggers(replayer as unknown as Replayer, { environment });
    expect(replayer.setOnline).toHaveBeenCalledWith(false);
    expect(replayer.requestSync).toHaveBeenCalledTimes(1);

    documentTarget.dispatchEvent(new Event('visibilitychange'));
    expect(replayer.requestSync).toHaveBeenCalledTimes(1);
    documentTarget.visibilityState = 'visible';
    documentTarget.dispatchEvent(new Event('visibilitychange'));
    expect(replayer.requestSync).toHaveBeenCalledTimes(2);

    intervals[0]!();
    expect(replayer.requestSync).toHaveBeenCalledTimes(3);

    windowTarget.dispatchEvent(new Event('online'));
    expect(replayer.setOnline).toHaveBeenLastCalledWith(true);
    expect(replayer.requestSync).toHaveBeenLastCalledWith({ ignoreBackoff: true });

    stop();
    windowTarget.dispatchEvent(new Event('online'));
    expect(replayer.requestSync).toHaveBeenCalledTimes(4);
    expect(environment.clearInterval).toHaveBeenCalled();
  });
});
