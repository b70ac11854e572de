import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

// The first lint loads the configuration and its plugins: seconds on a busy machine, and no part of what is tested.
beforeAll(async () => {
  await eslint.lintText('export {};\n', { filePath: 'app/modules/cargos/warm-up.ts' });
}, 60_000);

async function ruleIdsOf(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe('business modules do not import each other (lint)', () => {
  it('refuses an app module importing another app module, by subpath or by relative path', async () => {
    expect(
      await ruleIdsOf('app/modules/cargos/planted.ts', "export { useNivelesView } from '#app/modules/niveles/niveles-view.ts';\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(await ruleIdsOf('app/modules/cargos/planted.ts', "export { useNivelesView } from '../niveles/niveles-view.ts';\n")).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('refuses a server module importing another server module', async () => {
    expect(await ruleIdsOf('server/modules/cargos/planted.ts', "export { nivelRules } from '../niveles/niveles.rules.ts';\n")).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('refuses a server module importing the company sign-in, which is a module too', async () => {
    expect(await ruleIdsOf('server/modules/cargos/planted.ts', "export { findUserByEmail } from '../../auth/auth.repo.ts';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await ruleIdsOf('server/modules/cargos/planted.ts', "export { findUserByEmail } from '#server/auth/auth.repo.ts';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await ruleIdsOf('server/modules/cargos/planted.ts', "export { hashPassword } from '#server/tenancy/password.ts';\n")).toEqual(
      [],
    );
  });

  it('refuses the kernel importing the company sign-in: session, permissions and the kit stand without it', async () => {
    for (const folder of ['tenancy', 'records', 'sync', 'http']) {
      expect(await ruleIdsOf(`server/${folder}/planted.ts`, "export { findUserByEmail } from '../auth/auth.repo.ts';\n"), folder).toContain(
        'import-x/no-restricted-paths',
      );
    }
    expect(await ruleIdsOf('server/tenancy/planted.ts', "export { findUserByEmail } from '#server/auth/auth.repo.ts';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await ruleIdsOf('server/auth/planted.ts', "export { rolePermissions } from '../tenancy/role-permissions.ts';\n")).toEqual([]);
  });

  it('lets a module import its own files and the shared places, and composition import modules', async () => {
    expect(
      await ruleIdsOf(
        'app/modules/cargos/planted.ts',
        "export { useCargosView } from './cargos-view.ts';\nexport { RecordListPage } from '#app/ui/records/record-list-page.tsx';\n",
      ),
    ).toEqual([]);
    expect(
      await ruleIdsOf('server/modules/cargos/planted.ts', "export { recordRoutes } from '#server/records/record-routes.ts';\n"),
    ).toEqual([]);
    expect(
      await ruleIdsOf('app/pages/planted.ts', "export { OpenDraftsCard } from '#app/modules/inspecciones/open-drafts-card.tsx';\n"),
    ).toEqual([]);
  });

  it('imports that climb more than one folder use the subpath aliases instead', async () => {
    expect(await ruleIdsOf('server/modules/cargos/planted.ts', "export { hashPassword } from '../../tenancy/password.ts';\n")).toContain(
      '@typescript-eslint/no-restricted-imports',
    );
    expect(
      await ruleIdsOf('app/modules/cargos/planted.ts', "export { RecordListPage } from '../../ui/records/record-list-page.tsx';\n"),
    ).toContain('no-restricted-imports');
    expect(await ruleIdsOf('tests/api/planted.ts', "export { login } from '../../tests/api/support/api-harness.ts';\n")).toContain(
      'no-restricted-imports',
    );
  });
});
