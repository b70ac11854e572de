import { statementsOf } from '#sync/schemas/formularios.schema.ts';
import { useRef } from 'react';
import type { InspectionDraft, LocalFormulario } from '#app/db/inspection-rows.ts';
import { type LocalTrabajador, searchWords } from '#app/db/reference-rows.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { refusalOf } from './draft-reopen.ts';
import { replaceEqualDeep } from './structural-sharing.ts';

/**
 * The draft, live: every saved change (this tab or another) shows at once. Parts that did not change keep their
 * identity from one read to the next, so a change of one answer re-renders one statement, not a hundred.
 * Null when the device has no such draft; undefined while loading.
 */
export function useDraft(id: string | undefined): InspectionDraft | null | undefined {
  const last = useRef<InspectionDraft | null>(null);
  return useDbQuery(
    async (db) => {
      const fresh = id ? ((await db.borradores.get(id)) ?? null) : null;
      last.current = replaceEqualDeep(last.current, fresh);
      return last.current;
    },
    [id],
  );
}

export interface OpenDraftSummary {
  id: string;
  templateName: string;
  place: string;
  answered: number;
  total: number;
  updatedAt: number;
  /** Reopened because the server refused it (SPEC IN11): it waits for a correction. */
  refused: boolean;
}

/** Drafts still being filled on this device, the most recently changed first (the home screen's card). */
export function useOpenDrafts(): OpenDraftSummary[] | undefined {
  return useDbQuery(async (db) => {
    const drafts = await db.borradores.where('estado').equals('abierta').toArray();
    return drafts
      .sort((a, b) => b.actualizadoEn - a.actualizadoEn)
      .map((draft) => {
        const statements = statementsOf(draft.formulario.Contenido);
        return {
          id: draft.IdEvaluacion,
          templateName: draft.formulario.Nombre,
          place: draft.Lugar,
          answered: statements.filter((statement) => draft.respuestas[statement.IdEnunciado]).length,
          total: statements.length,
          updatedAt: draft.actualizadoEn,
          refused: refusalOf(draft) !== undefined,
        };
      });
  }, []);
}

/** Templates that accept new inspections (Estado 1), by name. */
export function useActiveTemplates(): LocalFormulario[] | undefined {
  return useDbQuery(async (db) => (await db.formularios.orderBy('orden').toArray()).filter((template) => template.Estado === 1), []);
}

/** Workers whose RUT or names start with every word typed, in list order; nothing until something is typed. */
export function useWorkerSearch(text: string, limit = 8): LocalTrabajador[] | undefined {
  return useDbQuery(
    async (db) => {
      const words = searchWords(text);
      if (words.length === 0) return [];
      const [first, ...rest] = words;
      const candidates = await db.trabajadores.where('palabras').startsWith(first!).limit(400).toArray();
      return candidates
        .filter((worker) => rest.every((word) => worker.palabras.some((part) => part.startsWith(word))))
        .sort((a, b) => a.orden.localeCompare(b.orden))
        .slice(0, limit);
    },
    [text, limit],
  );
}

export function useWorkersById(ids: readonly string[]): Map<string, LocalTrabajador> | undefined {
  const key = ids.join(',');
  return useDbQuery(
    async (db) => {
      const rows = await db.trabajadores.bulkGet(key ? key.split(',') : []);
      return new Map(rows.filter((row): row is LocalTrabajador => row !== undefined).map((row) => [row.IdPersona, row]));
    },
    [key],
  );
}

/** RUTs of the contractors the device knows (from their workers), for the contractor field's suggestions. */
export function useKnownContractors(): string[] | undefined {
  return useDbQuery(async (db) => (await db.trabajadores.orderBy('RutContratista').uniqueKeys()) as string[], []);
}

export function workerName(worker: Pick<LocalTrabajador, 'Nombres' | 'ApellidoPaterno' | 'ApellidoMaterno'>): string {
  return [worker.Nombres, worker.ApellidoPaterno, worker.ApellidoMaterno].filter(Boolean).join(' ');
}
