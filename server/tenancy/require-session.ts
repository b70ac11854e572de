import { createMiddleware } from 'hono/factory';
import { AUTH_CODES, AUTH_MESSAGES } from '#sync/schemas/auth.schema.ts';
import type { PermissionAction } from '#sync/records/permissions.ts';
import type { AppDeps, AppEnv } from '../app-env.ts';
import type { SessionClaims } from './session-token.ts';
import { rolePermissions } from './role-permissions.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/http-error.ts';
import { whileUnchanged } from '../db/while-unchanged.ts';
import { deactivatedParty, loadSessionUser, loadSessionUserWithState, type SessionUserRow } from './session-user.ts';
import { companySessionOpen, sessionStillOpen } from './session-state.ts';
import { viewerOfUser, type Viewer } from './viewer.ts';
import { personName } from '#sync/domain/person-name.ts';
import { worksitesOf } from './worksites.ts';

/** Who is asking, read once per request: the user, what of the company they may see, and what they may do. */
export interface RequestSession {
  userId: number;
  company: string;
  /** "Nombres ApellidoPaterno ApellidoMaterno", as records name their author. */
  userName: string;
  viewer: Viewer;
  can(route: string, action: PermissionAction): boolean;
  /**
   * The change-log seq of the last change of what this user may read (their role's grants, their role, contractor
   * or client). A device whose cursor is older downloads its tables again (SPEC PL11).
   */
  readsChangedAt: number;
  /** The worksites the user works in (level ids, SPEC PL13); null for the whole company. */
  worksites: readonly string[] | null;
  /** The last widening of those (SPEC PL15): its seq, and what every device behind it holds at least. */
  widening: WorksitesWidening;
}

export interface WorksitesWidening {
  at: number;
  before: readonly string[];
}

type Permissions = Map<string, Set<PermissionAction>>;

/**
 * The role's permissions, read once per transaction: a batch's entries all run in its one transaction (SPEC RP5)
 * and would otherwise read the same rows hundreds of times. Exact, because no call changes a role's permissions;
 * outside a transaction (a plain read) they are read every time.
 */
const permissionsInTransaction = new WeakMap<Db, Map<number, Promise<Permissions>>>();

function permissionsOf(db: Db, roleId: number): Promise<Permissions> {
  if (!db.isTransaction) return rolePermissions(db, roleId);
  let byRole = permissionsInTransaction.get(db);
  if (!byRole) permissionsInTransaction.set(db, (byRole = new Map()));
  let permissions = byRole.get(roleId);
  if (!permissions) byRole.set(roleId, (permissions = rolePermissions(db, roleId)));
  return permissions;
}

/**
 * Every protected route: a valid session token of an enabled user whose session is still open, from which the
 * company of every query is taken.
 * The user, their scope and their role's permissions are what the database holds at this request, so a role saved
 * by an administrator holds from the user's next request; later checks read them from `session`. A user of a
 * deactivated contractor company or client no longer has a session.
 */
export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  // Several route groups mounted on one base (a module's catalogues) each declare it: the session is read once.
  if (c.var.session) return next();
  const { claims, session } = await sessionOf(c.get('deps'), c.req.header('Authorization'));
  c.set('claims', claims);
  c.set('session', session);
  await next();
});

/** The session a request's `Authorization` header opens, or the 401 every protected call answers without one. */
export async function sessionOf(
  deps: AppDeps,
  authorization: string | undefined,
): Promise<{ claims: SessionClaims; session: RequestSession }> {
  const header = authorization ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7) : '';
  const { tokens, db } = deps;
  const claims = token ? await tokens.read(token) : null;
  if (!claims) throw invalidSession();
  return { claims, session: await sessionOfClaims(db, claims) };
}

/** The session of a token already read and verified, or the 401 every protected call answers without one. */
export async function sessionOfClaims(db: Db, claims: SessionClaims): Promise<RequestSession> {
  let session: RequestSession | null;
  if (db.isTransaction) {
    // A batch entry (its transaction): nothing is kept there, so the user and the session's state are one query.
    const user = await loadSessionUserWithState(db, claims.sid, claims.emp, claims.sub);
    if (!user || !sessionStillOpen(user, claims)) throw invalidSession();
    session = await sessionInTransaction(db, user);
  } else {
    // Outside any cache: a signed-out session or one a password change ended is refused at once (SPEC SE2, SE3).
    if (!(await companySessionOpen(db, claims))) throw invalidSession();
    // Read again only after a row of the database changed: the same user, scope and permissions otherwise.
    const key = `sesion\u0000${claims.emp}\u0000${claims.sub}`;
    session = await whileUnchanged(db, key, async () => sessionOfUser(db, await loadSessionUser(db, claims.emp, claims.sub)));
  }
  if (!session) throw invalidSession();
  return session;
}

const invalidSession = () => new HttpError(401, AUTH_MESSAGES.sessionInvalid, AUTH_CODES.sessionInvalid);

/** Per transaction, the last session built for each user with the row it was built from. */
const sessionsInTransaction = new WeakMap<Db, Map<number, { user: SessionUserRow; session: Promise<RequestSession | null> }>>();

/**
 * A batch's entries are mostly one user's: the session of the entry before is given again while the user's row,
 * read again for this entry, is the same in every column (no entry of the batch changed the user, their role or
 * their party), since a session is built from that row alone.
 */
function sessionInTransaction(db: Db, user: SessionUserRow): Promise<RequestSession | null> {
  let byUser = sessionsInTransaction.get(db);
  if (!byUser) sessionsInTransaction.set(db, (byUser = new Map()));
  const kept = byUser.get(user.IdUsuario);
  if (kept && Object.keys(user).every((column) => kept.user[column as keyof SessionUserRow] === user[column as keyof SessionUserRow])) {
    return kept.session;
  }
  const session = sessionOfUser(db, user);
  byUser.set(user.IdUsuario, { user, session });
  return session;
}

/** The session of an enabled user whose contractor company or client is active; null otherwise. */
async function sessionOfUser(db: Db, user: SessionUserRow | undefined): Promise<RequestSession | null> {
  if (!user || !user.Habilitado || deactivatedParty(user)) return null;
  // A deleted role grants nothing (roles with users cannot be deleted; this is the belt to those braces).
  const permissions = user.EstadoRol === 1 ? await permissionsOf(db, user.IdRol) : new Map<string, Set<PermissionAction>>();
  return Object.freeze({
    userId: user.IdUsuario,
    company: user.IdEmpresa,
    userName: personName(user),
    viewer: viewerOfUser(user),
    can: (route: string, action: PermissionAction) => permissions.get(route)?.has(action) ?? false,
    readsChangedAt: Math.max(user.SeqUsuario, user.SeqRol),
    worksites: worksitesOf(user.Faenas),
    widening: { at: user.SeqFaenas, before: worksitesOf(user.FaenasAntes) ?? [] },
  });
}

/**
 * A `{company}` path parameter must be the token's company. The parameter never chooses the company;
 * it is only checked, so a user of company A cannot reach company B by editing a URL.
 */
export const requireOwnCompany = createMiddleware<AppEnv>(async (c, next) => {
  const company = c.req.param('company');
  if (company !== undefined && company !== c.get('claims').emp) {
    throw new HttpError(403, AUTH_MESSAGES.forbiddenCompany, 'EMPRESA_AJENA');
  }
  await next();
});

/**
 * Office calls that manage who may sign in (users, roles, contractor companies, clients): a contractor's or
 * client's user never does, whatever their role grants, or they could give themselves the company's records.
 */
export const companyUsersOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get('session').viewer.kind !== 'empresa') throw new HttpError(403, AUTH_MESSAGES.companyUsersOnly, 'SOLO_EMPRESA');
  await next();
});
