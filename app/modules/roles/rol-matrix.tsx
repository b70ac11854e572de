import { PERMISSION_ACTION_LABELS, PERMISSION_ACTIONS } from '#sync/records/permissions.ts';
import type { Mask } from '#sync/schemas/auth.schema.ts';
import type { CatalogoGrupo, CatalogoSubmodulo } from '#sync/schemas/roles.schema.ts';
import { isServedRoute } from '#app/navigation/served-routes.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { entryLabel } from '#app/ui/shell/side-nav-model.ts';
import { grantsOutOfSight, type Matrix, servedCatalogue, toggled } from './rol-matrix-model.ts';
import './roles.css';
import { ScrollTable } from '#app/ui/scroll-table.tsx';

/** The row's name as the menu says it (the company's level names, the short dashboard names). */
function subLabel(moduleName: string, sub: CatalogoSubmodulo, masks: Mask[]): string {
  return sub.NombreSistemaModuloSub === moduleName
    ? moduleName
    : `${moduleName} › ${entryLabel(sub.NombreSistemaModuloSub, sub.Ruta, masks)}`;
}

interface RolMatrixProps {
  catalogue: CatalogoGrupo[];
  matrix: Matrix;
  /** Without it, the matrix is read only. */
  onChange?: (next: Matrix) => void;
}

/**
 * Every group, module and submodule the app serves against the actions it offers. Grants on sections the app does
 * not have yet stay as they are, and the matrix says so.
 */
export function RolMatrix({ catalogue, matrix, onChange }: RolMatrixProps) {
  const { mascaras } = useRequiredSession();
  const outOfSight = grantsOutOfSight(catalogue, matrix, isServedRoute);
  return (
    <>
      {outOfSight.length > 0 && (
        <p className="notice notice--info">
          Este rol también tiene permisos en secciones que Andes HSE aún no ofrece ({outOfSight.join(', ')}). No se muestran aquí y se
          conservan sin cambios al guardar.
        </p>
      )}
      {servedCatalogue(catalogue, isServedRoute).map((group) => {
        const actions = PERMISSION_ACTIONS.filter((action) =>
          group.modulos.some((module) => module.submodulos.some((sub) => sub.Acciones.includes(action))),
        );
        return (
          <section key={group.IdGrupo} className="card rol-matrix" aria-labelledby={`grupo-${group.IdGrupo}`}>
            <h2 id={`grupo-${group.IdGrupo}`}>
              {group.NombreGrupo} {group.SubtituloGrupo && <span className="muted">{group.SubtituloGrupo}</span>}
            </h2>
            <ScrollTable label={`Permisos de ${group.NombreGrupo}`}>
              <thead>
                <tr>
                  <th scope="col">Módulo</th>
                  {actions.map((action) => (
                    <th key={action} scope="col" className="rol-matrix__action">
                      {PERMISSION_ACTION_LABELS[action]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {group.modulos.flatMap((module) =>
                  module.submodulos.map((sub) => {
                    const label = subLabel(module.NombreSistemaModulo, sub, mascaras);
                    const granted = matrix[sub.Ruta] ?? [];
                    return (
                      <tr key={sub.IdSubmodulo}>
                        <th scope="row">{label}</th>
                        {actions.map((action) => (
                          <td key={action} className="rol-matrix__action">
                            {!sub.Acciones.includes(action) ? null : onChange ? (
                              <input
                                type="checkbox"
                                aria-label={`${PERMISSION_ACTION_LABELS[action]} en ${label}`}
                                checked={granted.includes(action)}
                                onChange={(event) => onChange(toggled(matrix, sub.Ruta, action, event.target.checked))}
                              />
                            ) : granted.includes(action) ? (
                              <span aria-label={`${PERMISSION_ACTION_LABELS[action]} en ${label}: sí`}>✓</span>
                            ) : (
                              <span className="muted" aria-label={`${PERMISSION_ACTION_LABELS[action]} en ${label}: no`}>
                                —
                              </span>
                            )}
                          </td>
                        ))}
                      </tr>
                    );
                  }),
                )}
              </tbody>
            </ScrollTable>
          </section>
        );
      })}
    </>
  );
}
