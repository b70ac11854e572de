import type { ReactNode } from 'react';
import type { EntityTable } from '#sync/records/entities.ts';
import type { AppDb } from '#app/db/app-db.ts';
import type { LocalRows } from '#app/db/reference-rows.ts';
import type { RecordPaths } from '#app/navigation/paths.ts';
import type { SelectOption } from '#app/ui/form/form-select.tsx';
import type { RowColumn } from './rows-input.tsx';
import type { NoticeDuration } from '#app/ui/feedback/use-notice.ts';

/**
 * How the form edits a field: a text or number input, a month (kept as YYYY-MM, up to `max` when given), a choice
 * among options, a yes/no box, several choices among options (a list of ids), or a list of short texts typed
 * separated by commas (sizes), for each item chosen in another field the one it hangs from (a chain), or rows of
 * sub-records.
 */
export type FieldInput<Lookups> =
  | { kind: 'text' | 'number' }
  | { kind: 'month'; max?: () => string }
  | { kind: 'date' }
  | { kind: 'select'; emptyLabel?: string; options: (lookups: Lookups, values: Record<string, unknown>) => SelectOption[] }
  | { kind: 'check' }
  | { kind: 'multi'; options: (lookups: Lookups, values: Record<string, unknown>) => SelectOption[] }
  | { kind: 'list'; hint: string }
  /** For each item chosen in the multi field `of`, whom it hangs from (stored as item → parent; none, the default). */
  | { kind: 'parents'; of: string; emptyLabel: string; options: (lookups: Lookups, values: Record<string, unknown>) => SelectOption[] }
  /**
   * A list of sub-records (an activity with its place and people, a certification a type asks), each row with its
   * own selects, checklists, numbers and yes/no boxes (`RowColumn`).
   */
  | {
      kind: 'rows';
      noun: string;
      empty: string;
      blank: () => Record<string, unknown>;
      rowOf: (item: unknown) => Record<string, unknown>;
      columns: (lookups: Lookups, values: Record<string, unknown>, row: Record<string, unknown>) => RowColumn[];
    };

/** One field of a record as the screens show it: a column of the list and the CSV, a line of the detail, an input. */
export interface FieldView<Row, Lookups> {
  name: keyof Row & string;
  label: string;
  /** The field's text in lists, details and exports; the raw value by default. */
  show?: (row: Row, lookups: Lookups) => string;
  /** Absent: shown, not edited. */
  input?: FieldInput<Lookups>;
  /** The label gets "*" in the form. */
  required?: boolean;
  /** false: only in the detail, the form and the export, not on the list row. */
  inList?: boolean;
}

/**
 * One module's screens over a described entity: what the kit's list, detail and form show of it. A module writes
 * only this (and any screen of its own that differs); the kit does the rest.
 */
export interface RecordView<T extends EntityTable, Lookups = undefined> {
  table: T;
  routes: RecordPaths;
  /** The list's title and the breadcrumb: "Cargos", or a level's name from the company's masks. */
  title: string;
  /** The list's accessible name; "Lista de <plural>" by default. */
  listLabel?: string;
  /** "Nuevo cargo", "Editar cargo", "Corregir cargo"; "Datos del cargo" heads the form and the detail. */
  labels: { create: string; newTitle: string; editTitle: string; correctTitle: string; data: string };
  /** Rows of the table this view shows (the levels of one type); all by default. */
  where?: (row: LocalRows[T]) => boolean;
  fields: FieldView<LocalRows[T], Lookups>[];
  /** What the fields' options and texts need from other records (level names); undefined while read. */
  useLookups?: () => Lookups | undefined;
  /** Choices that narrow the list (a position's level), besides the search. */
  filters?: {
    name: string;
    label: string;
    emptyLabel: string;
    options: (lookups: Lookups) => SelectOption[];
    matches: (row: LocalRows[T], value: string) => boolean;
  }[];
  /**
   * How a row is named when its own fields do not say it (an assignment, by its position or worker); the
   * description's display name by default.
   */
  name?: (row: LocalRows[T], lookups: Lookups) => string;
  /** What a list row says under the record's name; the listed fields joined by " · " by default. */
  summary?: (row: LocalRows[T], lookups: Lookups) => string;
  /** The list's order when it is not the device's (`orden`): the newest acta first. */
  order?: (a: LocalRows[T], b: LocalRows[T]) => number;
  /** A mark after a row's summary (an annulled acta). */
  badge?: (row: LocalRows[T]) => ReactNode;
  /** false: rows are not chosen for deletion from the list (a sealed acta is annulled on its own page). */
  deletable?: false;
  /** What the form of a new record starts with (a validity of 0 months); empty fields otherwise. */
  defaults?: Record<string, unknown>;
  /** Values a new record takes that the form does not ask (a level's type). */
  fixed?: Record<string, unknown>;
  /** A rule across fields, checked before saving: the field to mark and its message, or null. */
  validate?: (values: Record<string, unknown>, lookups: Lookups) => { field: string; message: string } | null;
  /** Spec: worker notices stay 3500 ms; the others 2500 ms. */
  noticeDuration?: NoticeDuration;
  /** Parts of the detail beyond the fields (a programme's evidence), under the data card. */
  sections?: (row: LocalRows[T], lookups: Lookups) => ReactNode;
  /** How many active records on the device point at this one: the server would refuse its delete (`messages.inUse`). */
  inUse?: (db: AppDb, row: LocalRows[T]) => Promise<number>;
}
