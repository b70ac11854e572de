import { REVIEW_STATES, type ReviewState } from '#sync/domain/review-state.ts';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { levelName } from '#app/session/level-names.ts';
import { isContractorUser } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import {
  type FollowUpFilters,
  hasFilters,
  NO_FOLLOW_UP_FILTERS,
  todayInChile,
  useContractorRutsOfInspections,
  useTemplateOptions,
} from './follow-up-queries.ts';
import { useNiveles } from './reference-queries.ts';

/** Rows are read in aligned blocks, so small scrolls and the list measuring itself reuse the block already read. */
export const WINDOW_BLOCK = 40;

/** The block-aligned range that covers [start, end). */
export function alignedWindow(start: number, end: number): { start: number; end: number } {
  return {
    start: Math.floor(start / WINDOW_BLOCK) * WINDOW_BLOCK,
    end: Math.max(WINDOW_BLOCK, Math.ceil(end / WINDOW_BLOCK) * WINDOW_BLOCK),
  };
}

export interface RowWindow {
  start: number;
  rows: readonly unknown[];
}

export interface WindowedList<W extends RowWindow> {
  ids: string[];
  /** The first block, read with the ids: the list shows rows as soon as it knows which. */
  head: W;
}

const isReviewState = (value: string | null): value is ReviewState => REVIEW_STATES.some((state) => state === value);

/** The filters an address asks for: `?estado=respondida` (Inicio's "por aprobar") opens the observations so filtered. */
const filtersAsked = (estado: string | null): FollowUpFilters => ({ ...NO_FOLLOW_UP_FILTERS, estado: isReviewState(estado) ? estado : '' });

/**
 * What the inspections and observations lists share: the filters, the ids that match them, the rows read for the
 * part in view, and the options and labels of the filter bar.
 */
export function useFollowUpList<W extends RowWindow>(
  useList: (filters: FollowUpFilters, today: string) => WindowedList<W> | undefined,
  useWindow: (ids: string[] | undefined, start: number, end: number) => W | undefined,
) {
  const session = useRequiredSession();
  const today = todayInChile();
  const [search] = useSearchParams();
  const asked = search.get('estado');
  const [filters, setFilters] = useState<FollowUpFilters>(() => filtersAsked(asked));
  // A link to the list already open (the outlet keeps its page) applies the filter it asks for again.
  const [askedBefore, setAskedBefore] = useState(asked);
  if (asked !== askedBefore) {
    setAskedBefore(asked);
    if (asked !== null) setFilters(filtersAsked(asked));
  }
  const [range, setRange] = useState(() => alignedWindow(0, 0));
  const list = useList(filters, today);
  const ids = list?.ids;
  const block = useWindow(ids, range.start, range.end);
  const templates = useTemplateOptions();
  const levels2 = useNiveles(2);
  const levels3 = useNiveles(3);
  const contractors = useContractorRutsOfInspections();

  const onRange = useCallback(
    (start: number, end: number) =>
      setRange((current) => {
        const next = alignedWindow(start, end);
        return next.start === current.start && next.end === current.end ? current : next;
      }),
    [],
  );

  /** The rows read that hold the one at index: the head, or the block in view; undefined while it is read. */
  const windowAt = (index: number): W | undefined => {
    const head = list?.head;
    if (head && index < head.rows.length) return head;
    return block && index >= block.start && index < block.start + block.rows.length ? block : undefined;
  };

  return {
    session,
    today,
    filters,
    setFilters,
    filtered: hasFilters(filters),
    ids,
    windowAt,
    onRange,
    filterBar: {
      filters,
      onChange: setFilters,
      options: { templates, levels2, levels3, contractors: isContractorUser(session) ? undefined : contractors },
      level2Label: levelName(session, 2),
      level3Label: levelName(session, 3),
      today,
    },
  };
}
