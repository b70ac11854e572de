/**
 * What every kind of draft shares (SPEC DR1): the person's unfinished work, kept only on their device. A table whose
 * rows are DraftRows is a draft table, and `DRAFT_KINDS` (app/data/unsaved-work.ts) must name it to compile.
 * Every draft table indexes `estado`.
 */
export interface DraftRow {
  IdUsuario: number;
  /** 'abierta' while the person works on it; 'finalizada' once its one outbox write is queued (read-only). */
  estado: 'abierta' | 'finalizada';
  /** Epoch ms of the last change. */
  actualizadoEn: number;
}
