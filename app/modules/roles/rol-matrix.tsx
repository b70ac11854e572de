import { PERMISSION_ACTION_LABELS, PERMISSION_ACTIONS } from '#sync/records/permissions.ts';
import type { CatalogoGrupo, CatalogoSubmodulo } from '#sync/schemas/roles.schema.ts';
import { type Matrix, toggled } from './rol-matrix-model.ts';
import './roles.css';

function subLabel(moduleName: string, sub: CatalogoSubmodulo): string {
  return sub.NombreSistemaModuloSub === moduleName ? moduleName : `${moduleName} › ${sub.NombreSistemaModuloSub}`;
}

interface RolMatrixProps {
  catalogue: CatalogoGrupo[];
  matrix: Matrix;
  /** Without it, the matrix is read only. */
  onChange?: (next: Matrix) => void;
}

/** Every group, module and submodule of the product (route and menu position) against the actions it offers. */
export function RolMatrix({ catalogue, matrix, onChange }: RolMatrixProps) {
  return (
    <>
      {catalogue.map((group) => {
        const actions = PERMISSION_ACTIONS.filter((action) => group.modulos.some((module) => module.submodulos.some((sub) => sub.Acciones.includes(action))));
        return (
          <section key={group.IdGrupo} className="card rol-matrix" aria-labelledby={`grupo-${group.IdGrupo}`}>
            <h2 id={`grupo-${group.IdGrupo}`}>
              {group.NombreGrupo} {group.SubtituloGrupo && <span className="muted">{group.SubtituloGrupo}</span>}
            </h2>
            <div className="rol-matrix__scroll">
              <table className="record-table">
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
                      const label = subLabel(module.NombreSistemaModulo, sub);
                      const granted = matrix[sub.Ruta] ?? [];
                      return (
                        <tr key={sub.IdSubmodulo}>
                          <th scope="row">
                            {label}
                            <span className="rol-matrix__route">
                              {sub.Ruta} · posición {module.PosicionGroupModulos}.{sub.PosicionGroupModulosSub} · {module.NombreSistema}
                            </span>
                          </th>
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
              </table>
            </div>
          </section>
        );
      })}
    </>
  );
}
