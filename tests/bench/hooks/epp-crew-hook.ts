import { actaSeal, type SealedActa } from '#sync/domain/epp-delivery.ts';
import type { EppActaReportData } from '#sync/schemas/epp-entregas.schema.ts';
import { sha256Hex } from '#app/data/local-file.ts';
import type { LocalFile } from '#app/data/local-write.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import { finishCrew } from '#app/modules/epp/epp-crew-finish.ts';
import { createCrewDraft, lineFor, signDeliverer, signWorker } from '#app/modules/epp/epp-crew-store.ts';
import { proposedFor } from '#app/modules/epp/epp-queries.ts';

export interface EppCrewBench {
  /** A crew of `size` workers of this device with their assignment's EPP, the deliverer and all but the last worker signed. */
  prepare(size: number): Promise<{ id: string; last: string }>;
  /** The last worker signs and the crew finishes: the time the person waits after the last signature. */
  lastSignature(id: string, last: string): Promise<{ sealAndSignMs: number; finishMs: number; totalMs: number; queued: number }>;
  /** Sealing one acta, as the device does when a worker signs. */
  seal(acta: SealedActa, company: string): Promise<string>;
  /** One acta's PDF drawn by the app's own renderer (the PDF worker), as `/pdf/epp` does offline. */
  renderActa(data: EppActaReportData): Promise<{ pages: number; bytes: number }>;
}

/** A signature as the pad produces it: a PNG of about 20 KB, different each time. */
async function signaturePng(): Promise<LocalFile> {
  const png = new Uint8Array(20_000);
  png.set([137, 80, 78, 71, 13, 10, 26, 10]);
  crypto.getRandomValues(png.subarray(8, 8 + 16_384));
  const bytes = png.buffer;
  return { sha256: await sha256Hex(bytes), type: 'image/png', bytes };
}

/** tests/bench/epp-crew.bench.ts times the real crew path in a browser, as `window.__benchEpp` (./bench-hooks.ts). */
export const eppCrewBench: EppCrewBench = {
  async prepare(size) {
    const { db, companyId, userId } = requireDevice();
    const [workers, assignments, tipos] = await Promise.all([
      db.trabajadores.orderBy('orden').limit(size).toArray(),
      db.epp_asignaciones.toArray(),
      db.epp_tipos.toArray(),
    ]);
    if (workers.length < size) throw new Error(`El dispositivo tiene ${workers.length} trabajadores; la prueba necesita ${size}`);
    const tipoById = new Map(tipos.map((tipo) => [tipo.IdEpp, tipo]));
    const id = await createCrewDraft(
      db,
      {
        workers,
        motivo: 1,
        idCliente: null,
        lines: (worker) => proposedFor(worker, assignments, tipoById).map((tipo) => ({ ...lineFor(tipo), Talla: tipo.Tallas[0] ?? '' })),
      },
      { companyId, userId },
    );
    await signDeliverer(db, id, { kind: 'trabajador', IdPersona: workers[0]!.IdPersona }, await signaturePng());
    for (const worker of workers.slice(0, -1)) await signWorker(db, id, worker.IdPersona, await signaturePng(), tipoById);
    return { id, last: workers.at(-1)!.IdPersona };
  },
  async lastSignature(id, last) {
    const device = requireDevice();
    const tipoById = new Map((await device.db.epp_tipos.toArray()).map((tipo) => [tipo.IdEpp, tipo]));
    const png = await signaturePng();
    const started = performance.now();
    await signWorker(device.db, id, last, png, tipoById);
    const signed = performance.now();
    const result = await finishCrew(id, device);
    const finished = performance.now();
    if (!result.ok) throw new Error(result.problems.join('; '));
    return {
      sealAndSignMs: signed - started,
      finishMs: finished - signed,
      totalMs: finished - started,
      queued: await device.db.outbox.count(),
    };
  },
  seal: (acta, company) => actaSeal(company, acta),
  // Loaded only when called: @react-pdf never weighs on the first screen.
  async renderActa(data) {
    const rendered = await (await import('#app/reports/render/report-pdf-in-worker.ts')).renderReportPdfInWorker('eppActa', data);
    return { pages: rendered.pages, bytes: rendered.blob.size };
  },
};
