import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { AUTH_MESSAGES } from '#sync/schemas/auth.schema.ts';
import type { InlineImage } from '#sync/schemas/common.schema.ts';
import { savedAnswer } from '#sync/schemas/answers.schema.ts';
import {
  CompanyProfileBodySchema,
  CompanyProfileSchema,
  PERFIL_MESSAGES,
  UserProfileBodySchema,
  UserProfileSchema,
  type CompanyProfile,
  type UserProfile,
} from '#sync/schemas/perfil.schema.ts';
import type { AppDeps, AppEnv } from '#server/app-env.ts';
import { answers, named } from '#server/http/api-answers.ts';
import { HttpError } from '#server/http/http-error.ts';
import { readRoute } from '#server/http/read-route.ts';
import { validate } from '#server/http/validation.ts';
import { permissionsOf, sessionOnly } from '#server/tenancy/permit.ts';
import { requireOwnCompany, requireSession } from '#server/tenancy/require-session.ts';
import { recordChange } from '#server/sync/change-log.repo.ts';
import { inWriteTransaction } from '#server/sync/write-transaction.ts';
import * as repo from './perfil.repo.ts';
import { commandHandlers, saved } from '#server/commands/command.ts';

const tags = ['perfil'];
const security = [{ bearerAuth: [] }];
const PROFILE_NOT_FOUND = 'Perfil no encontrado';
const COMPANY_PROFILE = '/perfil/empresa';
const canOnCompanyProfile = permissionsOf(COMPANY_PROFILE);
const PerfilUsuario = named('PerfilUsuario', UserProfileSchema);
const PerfilUsuarioSaved = savedAnswer(PerfilUsuario);
const PerfilEmpresa = named('PerfilEmpresa', CompanyProfileSchema);
const PerfilEmpresaSaved = savedAnswer(PerfilEmpresa);

const UserPathSchema = v.object({
  user: v.pipe(v.string(), v.regex(/^\d+$/, PROFILE_NOT_FOUND), v.transform(Number)),
  company: v.string(),
});
const CompanyPathSchema = v.object({ company: v.string() });

async function storeImage(deps: AppDeps, company: string, image: InlineImage | undefined): Promise<string | undefined> {
  if (!image) return undefined;
  return deps.files.put(Buffer.from(image.Datos, 'base64'), image.Tipo, deps.now(), company);
}

type UserProfileRow = NonNullable<Awaited<ReturnType<typeof repo.findUserProfile>>>;

function presentUserProfile(deps: AppDeps, row: UserProfileRow | undefined): UserProfile {
  if (!row) throw new HttpError(404, PROFILE_NOT_FOUND);
  const { AvatarArchivo, ...profile } = row;
  return { ...profile, Logo: AvatarArchivo ? deps.files.signedUrl(AvatarArchivo, deps.now()) : null };
}

async function loadUserProfile(deps: AppDeps, companyId: string, userId: number): Promise<UserProfile> {
  return presentUserProfile(deps, await repo.findUserProfile(deps.db, companyId, userId));
}

async function loadCompanyProfile(deps: AppDeps, companyId: string): Promise<CompanyProfile> {
  const row = await repo.findCompanyProfile(deps.db, companyId);
  if (!row) throw new HttpError(404, PROFILE_NOT_FOUND);
  const { LogoArchivo, ...profile } = row;
  return { ...profile, Logo: LogoArchivo ? deps.files.signedUrl(LogoArchivo, deps.now()) : null };
}

export const perfilRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .get(
    '/perfil_usuario/:user/:company',
    describeRoute({
      tags,
      security,
      summary: 'Mi Perfil: datos del usuario que inició sesión',
      responses: answers(PerfilUsuario, 'El perfil del usuario'),
    }),
    validate('param', UserPathSchema),
    requireOwnCompany,
    // One's own profile: any signed-in user.
    sessionOnly(),
    async (c) => {
      const { user, company } = c.req.valid('param');
      // Mi Perfil is one's own profile: another user's id is refused like another company's.
      if (user !== c.get('session').userId) throw new HttpError(403, AUTH_MESSAGES.forbiddenAction, 'SIN_PERMISO');
      return c.json((await loadUserProfile(c.get('deps'), company, user)) satisfies v.InferOutput<typeof PerfilUsuario>);
    },
  )
  .put(
    '/perfil_usuario/:user/:company',
    describeRoute({
      tags,
      security,
      summary: 'Actualiza nombres, teléfono, fecha de nacimiento y foto del usuario',
      responses: answers(PerfilUsuarioSaved, 'Perfil actualizado'),
    }),
    ...commandHandlers({
      // One's own profile: any signed-in user, and another user's id is refused like another company's.
      checks: [
        { kind: 'param', schema: UserPathSchema },
        { kind: 'ownCompany' },
        { kind: 'session' },
        { kind: 'json', schema: UserProfileBodySchema },
        { kind: 'ownUser' },
      ],
      run: async ({ deps }, { params, body }) => {
        const { user, company } = params;
        const { Avatar, ...fields } = body;
        // The row, its change-log entry (what other devices pull) and the answer all come from one transaction.
        const row = await inWriteTransaction(deps.db, async (db) => {
          const AvatarArchivo = await storeImage({ ...deps, db, files: deps.files.withDb(db) }, company, Avatar);
          await repo.updateUserProfile(db, company, user, { ...fields, ...(AvatarArchivo ? { AvatarArchivo } : {}) });
          const updated = await repo.findUserProfile(db, company, user);
          if (updated) await recordChange(db, { company, table: 'usuarios', id: user, op: 'upsert', row: updated }, deps.now());
          return updated;
        });
        return saved(PERFIL_MESSAGES.userUpdated, presentUserProfile(deps, row) satisfies v.InferOutput<typeof PerfilUsuario>);
      },
    }),
  )
  .route(
    '/',
    readRoute(
      '/perfil_empresa/:company',
      { tags, summary: 'Perfil Empresa: nombre, dirección, teléfono y logo', answer: PerfilEmpresa, access: canOnCompanyProfile('index') },
      (c, { params }) => loadCompanyProfile(c.get('deps'), params.company),
    ),
  )
  .put(
    '/perfil_empresa/:company',
    describeRoute({
      tags,
      security,
      summary: 'Actualiza el perfil y el logo de la empresa',
      responses: answers(PerfilEmpresaSaved, 'Perfil de la empresa actualizado'),
    }),
    ...commandHandlers({
      checks: [
        { kind: 'param', schema: CompanyPathSchema },
        { kind: 'ownCompany' },
        { kind: 'access', route: COMPANY_PROFILE, action: 'editar' },
        { kind: 'json', schema: CompanyProfileBodySchema },
      ],
      run: async ({ deps }, { params, body }) => {
        const { company } = params;
        const { Logo, ...fields } = body;
        const LogoArchivo = await storeImage(deps, company, Logo);
        await repo.updateCompanyProfile(deps.db, company, { ...fields, ...(LogoArchivo ? { LogoArchivo } : {}) });
        const profile = await loadCompanyProfile(deps, company);
        return saved(PERFIL_MESSAGES.companyUpdated, profile satisfies v.InferOutput<typeof PerfilEmpresa>);
      },
    }),
  );
