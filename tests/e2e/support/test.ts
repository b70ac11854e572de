import { test as base, type BrowserContext, type Page, type Worker } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * What a journey may run into without failing, each with the reason it is not ours to fix. Empty: every uncaught
 * page error and every Content-Security-Policy violation fails the journey (issue 27).
 */
const ALLOWED: readonly { pattern: RegExp; reason: string }[] = [];

/** Called by the pages' init script for each `securitypolicyviolation` event. */
const VIOLATION_BINDING = '__andesE2eViolation';
/** What a worker's own listeners print, read from its console (a worker has no bindings). */
const WORKER_MARK = '[andes-e2e]';

interface Violation {
  directive: string;
  blocked: string;
  source: string;
  line: number;
  sample: string;
  disposition: string;
}

function describeViolation(violation: Violation): string {
  const where = violation.source ? ` en ${violation.source}:${violation.line}` : '';
  const sample = violation.sample ? ` («${violation.sample}»)` : '';
  return `${violation.disposition} ${violation.directive} bloqueó ${violation.blocked || '(inline)'}${where}${sample}`;
}

/** Runs in every document before its own scripts: reports violations through the context's binding. */
function listenInDocument({ binding, mark }: { binding: string; mark: string }) {
  addEventListener(
    'securitypolicyviolation',
    (event) => {
      const violation = {
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: event.sourceFile,
        line: event.lineNumber,
        sample: event.sample,
        disposition: event.disposition,
      };
      const report = (globalThis as unknown as Record<string, ((value: unknown) => void) | undefined>)[binding];
      if (report) report(violation);
      else console.error(`${mark} csp ${JSON.stringify(violation)}`);
    },
    true,
  );
}

/**
 * Runs in a worker once Playwright sees it (a worker has no init scripts): what happens after that is reported on
 * its console. Listening changes nothing: an uncaught error still reaches whoever handles it.
 */
function listenInWorker(mark: string) {
  const scope = self as unknown as EventTarget & { [key: string]: unknown };
  const flag = '__andesE2eListening';
  if (scope[flag]) return;
  scope[flag] = true;
  scope.addEventListener('securitypolicyviolation', (event) => {
    const violation = event as SecurityPolicyViolationEvent;
    console.error(
      `${mark} csp ${JSON.stringify({
        directive: violation.effectiveDirective,
        blocked: violation.blockedURI,
        source: violation.sourceFile,
        line: violation.lineNumber,
        sample: violation.sample,
        disposition: violation.disposition,
      })}`,
    );
  });
  scope.addEventListener('error', (event) => {
    const error = event as ErrorEvent;
    console.error(`${mark} error ${error.message} (${error.filename}:${error.lineno})`);
  });
  scope.addEventListener('unhandledrejection', (event) => {
    const reason = (event as PromiseRejectionEvent).reason as unknown;
    console.error(`${mark} error Promesa rechazada sin manejar: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`);
  });
}

/** Chromium's own console line for a blocked load or a policy it could not read (it says "Content Security Policy"). */
const CSP_CONSOLE = /Content[- ]Security[- ]Policy/i;

class PageProblems {
  readonly found: string[] = [];
  private readonly contexts = new WeakSet<BrowserContext>();
  private readonly workers = new WeakSet<Worker>();

  /** What was recorded so far, cleared: for the test that plants problems to see that they are caught. */
  take(): string[] {
    return this.found.splice(0);
  }

  private add(kind: string, where: string, text: string): void {
    const line = `${kind} [${where}]: ${text}`;
    if (!ALLOWED.some((allowed) => allowed.pattern.test(line))) this.found.push(line);
  }

  async watch(context: BrowserContext): Promise<void> {
    if (this.contexts.has(context)) return;
    this.contexts.add(context);
    await context.exposeBinding(VIOLATION_BINDING, ({ frame }, violation: Violation) => this.add('CSP', frame.url(), describeViolation(violation)));
    await context.addInitScript(listenInDocument, { binding: VIOLATION_BINDING, mark: WORKER_MARK });
    context.on('page', (page) => this.watchPage(page));
    for (const page of context.pages()) this.watchPage(page);
    context.on('serviceworker', (worker) => this.watchWorker(worker, 'service worker'));
    for (const worker of context.serviceWorkers()) this.watchWorker(worker, 'service worker');
  }

  private watchPage(page: Page): void {
    page.on('pageerror', (error) => this.add('Error sin capturar', page.url(), error.stack ?? error.message));
    // A worker's lines reach its page's console too: read once, by the worker's own listener.
    page.on('console', (message) => {
      if (!message.worker()) this.readConsole(message.text(), page.url());
    });
    page.on('worker', (worker) => this.watchWorker(worker, 'worker'));
    for (const worker of page.workers()) this.watchWorker(worker, 'worker');
  }

  private readConsole(text: string, where: string): void {
    if (text.startsWith(`${WORKER_MARK} csp `)) this.add('CSP', where, describeViolation(JSON.parse(text.slice(WORKER_MARK.length + 5)) as Violation));
    else if (text.startsWith(`${WORKER_MARK} error `)) this.add('Error sin capturar', where, text.slice(WORKER_MARK.length + 7));
    else if (CSP_CONSOLE.test(text)) this.add('CSP (consola)', where, text);
  }

  private watchWorker(worker: Worker, kind: string): void {
    if (this.workers.has(worker)) return;
    this.workers.add(worker);
    const where = `${kind} ${worker.url()}`;
    worker.on('console', (message) => this.readConsole(message.text(), where));
    // A worker that ends first (pdf.js's, when its document closes) has nothing more to report.
    worker.evaluate(listenInWorker, WORKER_MARK).catch(() => {});
  }
}

/** The part of Playwright's client instrumentation that its own tracing uses to see every context a test opens. */
interface ContextInstrumentation {
  addListener(listener: { runAfterCreateBrowserContext(context: BrowserContext): Promise<void> }): void;
  removeListener(listener: object): void;
}

/**
 * Every journey's test: every page of every context it opens (its own `context`, `browser.newContext()`, a
 * persistent context) records uncaught page errors and CSP violations, in documents and, from the moment Playwright
 * sees them, in workers and service workers; the test fails at teardown listing them.
 */
export const test = base.extend<{ pageProblems: PageProblems }>({
  pageProblems: [
    async ({ playwright }, provide, testInfo) => {
      const problems = new PageProblems();
      const instrumentation = (playwright as unknown as { _instrumentation?: ContextInstrumentation })._instrumentation;
      if (!instrumentation) throw new Error('Playwright ya no expone _instrumentation: tests/e2e/support/test.ts no vería los contextos nuevos');
      const listener = { runAfterCreateBrowserContext: (context: BrowserContext) => problems.watch(context) };
      instrumentation.addListener(listener);
      try {
        await provide(problems);
      } finally {
        instrumentation.removeListener(listener);
      }
      if (problems.found.length > 0) {
        await testInfo.attach('errores-y-csp', { body: problems.found.join('\n\n'), contentType: 'text/plain' });
        throw new Error(`La página tuvo ${problems.found.length} error(es) sin capturar o violaciones de CSP:\n\n${problems.found.join('\n\n')}`);
      }
    },
    { auto: true },
  ],
  context: async ({ context, pageProblems }, provide) => {
    await pageProblems.watch(context);
    await provide(context);
  },
});
