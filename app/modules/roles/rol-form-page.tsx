import { RolBodySchema, ROLES_MESSAGES } from '#sync/schemas/roles.schema.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import * as v from 'valibot';
import { useOfficeWrite } from '#app/data/use-office-write.ts';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { QueryView } from '#app/ui/feedback/query-view.tsx';
import { SubmitButton } from '#app/ui/form/submit-button.tsx';
import { RefusedWrite } from '#app/ui/office/refused-write.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import type { CatalogoGrupo, Rol } from '#sync/schemas/roles.schema.ts';
import { type Matrix, matrixOf, permissionsOf } from './rol-matrix-model.ts';
import { RolMatrix } from './rol-matrix.tsx';
import { rolesCalls, rolesKeys, useCatalogue, useRole } from './roles-api.ts';

function RolForm({ catalogue, role }: { catalogue: CatalogoGrupo[]; role: Rol | null }) {
  const navigate = useNavigate();
  const company = useRequiredSession().empresa.IdEmpresa;
  const { save, refused, discard } = useOfficeWrite();
  const [name, setName] = useState(role?.NombreRol ?? '');
  const [matrix, setMatrix] = useState<Matrix>(() => matrixOf(role?.Permisos ?? []));
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A creation is named in the queue by an id of this device; the server makes the role's own.
  const [draftId] = useState(() => uuidV7());

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = v.safeParse(RolBodySchema, { NombreRol: name, Permisos: permissionsOf(matrix) });
    if (!parsed.success) return setNameError(parsed.issues[0].message);
    setNameError(null);
    setBusy(true);
    try {
      const fate = await save(
        role
          ? { kind: 'roles', id: role.IdRol, request: { method: 'PUT', path: rolesCalls.update(company, role.IdRol), body: parsed.output } }
          : { kind: 'roles', id: draftId, request: { method: 'POST', path: rolesCalls.create(company), body: parsed.output } },
        {
          success: role ? ROLES_MESSAGES.updated : ROLES_MESSAGES.created,
          invalidate: [rolesKeys.all(company), ...(role ? [rolesKeys.one(company, String(role.IdRol))] : [])],
        },
      );
      if (fate.kind !== 'rechazado')
        navigate(role ? paths.roles.detalles.href(String(role.IdRol)) : paths.roles.list.href, { replace: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <RefusedWrite refused={refused} onDiscard={() => void discard()} />
      <section className="card" aria-labelledby="rol-datos">
        <h2 id="rol-datos">Datos del rol</h2>
        <div className="select-field">
          <label htmlFor="rol-nombre">Nombre del rol*</label>
          <input
            id="rol-nombre"
            value={name}
            maxLength={80}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? 'rol-nombre-error' : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          {nameError && (
            <p id="rol-nombre-error" className="field-error">
              {nameError}
            </p>
          )}
        </div>
        <p className="muted">Marca lo que el rol puede hacer en cada módulo. Ver es necesario para cualquier otra acción.</p>
      </section>
      <RolMatrix catalogue={catalogue} matrix={matrix} onChange={setMatrix} />
      <div className="button-row record-form__actions">
        <SubmitButton busy={busy}>Guardar</SubmitButton>
        <IonButton
          fill="outline"
          color="dark"
          onClick={() => navigate(role ? paths.roles.detalles.href(String(role.IdRol)) : paths.roles.list.href)}
        >
          Cancelar
        </IonButton>
      </div>
    </form>
  );
}

/** nuevo and editar/{id}: the role's name and its whole matrix, saved through the outbox (SPEC OF1). */
export function RolFormPage() {
  const { id = '' } = useParams();
  const session = useRequiredSession();
  const catalogue = useCatalogue();
  const role = useRole(id);
  const editing = id !== '';
  const allowed = hasPermission(session, paths.roles.list.href, editing ? 'editar' : 'crear');
  return (
    <PageContent>
      <div className="page-body">
        <PageHeading parentHref={paths.roles.list.href} parentLabel="Roles" title={editing ? 'Editar rol' : 'Nuevo rol'} />
        {!allowed ? (
          <p className="notice notice--warning">No tienes permiso para {editing ? 'editar' : 'crear'} roles.</p>
        ) : (
          <QueryView query={catalogue}>
            {(groups) =>
              editing ? (
                <QueryView query={role}>
                  {(found) =>
                    found ? (
                      <RolForm catalogue={groups} role={found} />
                    ) : (
                      <p className="notice notice--warning">{ROLES_MESSAGES.notFound}</p>
                    )
                  }
                </QueryView>
              ) : (
                <RolForm catalogue={groups} role={null} />
              )
            }
          </QueryView>
        )}
      </div>
    </PageContent>
  );
}
