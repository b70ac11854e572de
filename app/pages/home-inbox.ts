import { awaitsReview } from '#sync/domain/review-state.ts';
import type { Session } from '#sync/schemas/auth.schema.ts';
import type { AppDb } from '#app/db/app-db.ts';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission, isContractorUser } from '#app/session/session-permissions.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { pendingDiats } from './home-diat-clocks.ts';

export type InboxKind = 'solicitudesEpp' | 'observaciones' | 'medidas' | 'diat';

export interface InboxItem {
  kind: InboxKind;
  label: string;
  /** The list of what waits, filtered to it where the list has that filter. */
  href: string;
}

/** Approving, rejecting and filing the DIAT are the company's (SPEC IC6, OV2): never a contractor's nor a client's. */
function isCompanyUser(session: Session): boolean {
  return !isContractorUser(session) && session.usuario.Tipo !== 'cliente';
}

/**
 * What may wait for this person on Inicio, in the order shown: each only when the role has the action it asks for
 * (the same check as the button that does it).
 */
export function inboxItems(session: Session): InboxItem[] {
  const can = (route: string, action: 'despachar' | 'aprobar' | 'editar') => hasPermission(session, route, action);
  const company = isCompanyUser(session);
  const items: (InboxItem | false)[] = [
    can(paths.eppSolicitudes.list.href, 'despachar') && {
      kind: 'solicitudesEpp',
      label: 'Solicitudes de EPP por despachar',
      href: paths.eppSolicitudes.list.href,
    },
    company &&
      can(paths.observaciones.list.href, 'aprobar') && {
        kind: 'observaciones',
        label: 'Observaciones por aprobar',
        href: `${paths.observaciones.list.href}?estado=respondida`,
      },
    company &&
      can(paths.incidentes.list.href, 'aprobar') && {
        kind: 'medidas',
        label: 'Medidas de control por aprobar',
        href: `${paths.incidentes.list.href}?pendiente=medidas`,
      },
    company &&
      can(paths.incidentes.list.href, 'editar') && {
        kind: 'diat',
        label: 'DIAT por presentar',
        href: `${paths.incidentes.list.href}?pendiente=diat`,
      },
  ];
  return items.filter((item): item is InboxItem => item !== false);
}

export type InboxCounts = Partial<Record<InboxKind, number>>;

const COUNTERS: Record<InboxKind, (db: AppDb, today: string) => Promise<number>> = {
  // Pending requests wait for the office to dispatch them (Estado 1).
  solicitudesEpp: (db) => db.epp_solicitudes.where('Estado').equals(1).count(),
  // OV5's Respondida, as the observations list's Estado filter reads it. No index tells it: the rows are read.
  observaciones: (db, today) => db.observaciones.filter((row) => awaitsReview(row, today)).count(),
  medidas: async (db, today) => {
    const measures = await db.medidas_control.toArray();
    return measures.filter((measure) => awaitsReview(measure, today)).length;
  },
  diat: async (db) => (await pendingDiats(db)).length,
};

/** How many of each kind wait, from what this device holds (it opens offline). */
export async function inboxCounts(db: AppDb, kinds: readonly InboxKind[], today: string): Promise<InboxCounts> {
  const counts = await Promise.all(kinds.map((kind) => COUNTERS[kind](db, today)));
  return Object.fromEntries(kinds.map((kind, index) => [kind, counts[index]]));
}

export function useInboxCounts(kinds: readonly InboxKind[], today: string): InboxCounts | undefined {
  return useDbQuery((db) => inboxCounts(db, kinds, today), [kinds.join(), today]);
}
