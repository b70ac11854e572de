/**
 * Lighthouse against Debian's Chromium: a browser of our own with a debugging port, shared by Lighthouse (which opens
 * a tab of its own for each audit) and by Playwright (connected over CDP between audits, to sign in or to let the
 * service worker settle). One profile for both, so the session, the service worker and the device database the
 * bench prepares are the ones the audited page finds.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { type Browser, chromium } from '@playwright/test';
import { freePort } from '#tests/support/free-port.ts';
import { CHROMIUM_ARGS, tempDataDir } from '#tests/e2e/support/bench-harness.ts';

export interface DebuggableChromium {
  port: number;
  /** Playwright on the same browser and profile; close it (it only disconnects) before an audit. */
  connect: () => Promise<Browser>;
  stop: () => Promise<void>;
}

export async function startDebuggableChromium(): Promise<DebuggableChromium> {
  const port = await freePort();
  const profile = tempDataDir('andes-bench-lighthouse-profile-');
  const executable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const args = [...CHROMIUM_ARGS, '--headless', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'];
  const child: ChildProcess = spawn(executable, args, { stdio: 'ignore' });
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }).then(() => fs.rmSync(profile, { recursive: true, force: true }));
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${endpoint}/json/version`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`Chromium no abrió su puerto de depuración ${port}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { port, connect: () => chromium.connectOverCDP(endpoint), stop };
}

export interface ScriptBootup {
  url: string;
  /** Main-thread time attributed to the script (evaluation, parse and compile, and what it runs), in ms. */
  totalMs: number;
  scriptingMs: number;
  parseCompileMs: number;
}

export interface InicioAudit {
  finalUrl: string;
  performance: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  longTasks: number;
  bootup: ScriptBootup[];
  /** Of the main thread's time, the script evaluation part, in ms. */
  scriptEvaluationMs: number;
}

export interface AuditOptions {
  /**
   * A first visit: before the audit the origin's service worker, caches, device database and HTTP cache are cleared,
   * but not localStorage, where the session lives (signed in, nothing of the app on the device yet). Without it the
   * page opens on whatever the profile holds.
   */
  firstVisit: boolean;
}

interface AuditDetails {
  items?: Record<string, unknown>[];
}

/** Lighthouse asks to be run again after these: a trace it could not read, on a busy machine. */
const ATTEMPTS = 2;

/** Lighthouse's mobile preset (its default: a mid-range phone, simulated slow 4G and a 4× slower CPU), performance only. */
export async function auditPage(url: string, port: number, { firstVisit }: AuditOptions): Promise<InicioAudit> {
  let lhr: RunnerResult['lhr'] | undefined;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const result = await lighthouse(
      url,
      { port, logLevel: 'error', output: 'json' },
      {
        extends: 'lighthouse:default',
        settings: {
          onlyCategories: ['performance'],
          disableStorageReset: !firstVisit,
          clearStorageTypes: ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'indexeddb'],
        },
      },
    );
    if (!result) throw new Error('Lighthouse no devolvió resultado');
    lhr = result.lhr;
    if (!lhr.runtimeError) break;
    if (attempt === ATTEMPTS) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  if (!lhr) throw new Error('Lighthouse no devolvió resultado');
  const audit = (id: string) => {
    const found = lhr.audits[id];
    if (!found) throw new Error(`Lighthouse no trae la auditoría ${id}`);
    return found;
  };
  const items = (id: string) => (audit(id).details as AuditDetails | undefined)?.items ?? [];
  const bootup = items('bootup-time').map((item) => ({
    url: String(item.url),
    totalMs: Number(item.total),
    scriptingMs: Number(item.scripting),
    parseCompileMs: Number(item.scriptParseCompile),
  }));
  const scriptEvaluation = items('mainthread-work-breakdown').find((item) => item.group === 'scriptEvaluation');
  return {
    finalUrl: lhr.finalDisplayedUrl,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint').numericValue ?? Number.NaN,
    fcpMs: audit('first-contentful-paint').numericValue ?? Number.NaN,
    tbtMs: audit('total-blocking-time').numericValue ?? Number.NaN,
    longTasks: items('long-tasks').length,
    bootup,
    scriptEvaluationMs: Number(scriptEvaluation?.duration ?? Number.NaN),
  };
}
