import type { Firma } from '#sync/schemas/inspecciones.schema.ts';
import { useCallback } from 'react';
import type { AppDb } from '#app/db/app-db.ts';
import { useConfirm } from '#app/ui/feedback/use-confirm.ts';
import {
  addObservation,
  type DraftHeader,
  type ExtraObservationType,
  removeObservation,
  removeSignature,
  saveSignature,
  setDraftHeader,
  setHeaderField,
  type SignerDetails,
} from './draft-store.ts';
import { trackDraftWrite } from '#app/ui/drafts/use-draft-text.ts';

interface DraftActionsOptions {
  db: AppDb | undefined;
  id: string | undefined;
  write: (change: Promise<unknown>) => Promise<unknown>;
}

/** The header, the general observations and gaps, and the signatures of the draft: each change written at once. */
export function useDraftActions({ db, id, write }: DraftActionsOptions) {
  const confirm = useConfirm();

  const onAddObservation = useCallback(
    (tipo: ExtraObservationType) => {
      if (db && id) void write(addObservation(db, id, tipo));
    },
    [db, id, write],
  );
  const onRemoveObservation = useCallback(
    async (observationId: string) => {
      if (!db || !id) return;
      const confirmed = await confirm({
        header: 'Eliminar observación',
        message: 'Se eliminará esta observación con sus fotos. ¿Continuar?',
      });
      if (confirmed) void write(removeObservation(db, id, observationId));
    },
    [db, id, confirm, write],
  );
  const onHeaderChange = useCallback(
    (patch: Partial<DraftHeader>) => (db && id ? write(setDraftHeader(db, id, patch)) : undefined),
    [db, id, write],
  );
  const onHeaderFieldChange = useCallback(
    (fieldId: string, value: string) => (db && id ? write(setHeaderField(db, id, fieldId, value)) : undefined),
    [db, id, write],
  );
  const onSaveSignature = useCallback(
    async (signer: SignerDetails, png: Parameters<typeof saveSignature>[3]) => {
      if (!db || !id) return;
      await trackDraftWrite(saveSignature(db, id, signer, png));
    },
    [db, id],
  );
  const onRemoveSignature = useCallback(
    async (firma: Firma) => {
      if (!db || !id) return;
      const confirmed = await confirm({ header: 'Eliminar firma', message: `Se eliminará la firma de ${firma.Nombre}. ¿Continuar?` });
      if (confirmed) void write(removeSignature(db, id, firma.IdFirma));
    },
    [db, id, confirm, write],
  );

  return { onAddObservation, onRemoveObservation, onHeaderChange, onHeaderFieldChange, onSaveSignature, onRemoveSignature };
}
