import { statementsOf } from '#sync/schemas/formularios.schema.ts';
import { useRef } from 'react';
import type { InspectionDraft, LocalFormulario } from '#app/db/inspection-rows.ts';
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

/** RUTs of the contractors the device knows (from their workers), for the contractor field's suggestions. */
export function useKnownContractors(): string[] | undefined {
  return useDbQuery(async (db) => (await db.trabajadores.orderBy('RutContratista').uniqueKeys()) as string[], []);
}
