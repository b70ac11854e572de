import { useState } from 'react';
import type { AppDb } from '#app/db/app-db.ts';
import { problemAnchor } from './draft-fields.tsx';
import { focusAnchor } from './focus-anchor.ts';
import type { DraftProblems } from './use-draft-problems.ts';
import { settleDraftWrites } from '#app/ui/drafts/use-draft-text.ts';

interface HeaderFormOptions {
  db: AppDb | undefined;
  id: string | undefined;
  problems: Pick<DraftProblems, 'checkHeader'>;
}

/**
 * The header form of the filling screen: "Listo" closes it only when the header as saved meets its rules (SPEC
 * IN7); otherwise it stays open with each problem beside its field, the first one focused.
 */
export function useHeaderForm({ db, id, problems }: HeaderFormOptions) {
  const [editing, setEditing] = useState(false);

  const toggle = async () => {
    if (!editing) {
      setEditing(true);
      return;
    }
    if (!db || !id) return;
    await settleDraftWrites();
    const fresh = await db.borradores.get(id);
    const [first] = fresh ? problems.checkHeader(fresh) : [];
    if (first) {
      // After the messages are on screen, so the focused field is read with its message.
      requestAnimationFrame(() => focusAnchor(problemAnchor(first.target)));
      return;
    }
    setEditing(false);
  };

  return { editing, open: () => setEditing(true), toggle };
}
