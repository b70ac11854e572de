import { formatNumber } from '#sync/domain/number-format.ts';
import { formatGrade } from '#sync/domain/number-format.ts';
import type { ContenidoFormulario } from '#sync/schemas/formularios.schema.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { formatPercentInput } from './formulario-editor-model.ts';

const HEADER_TYPE_LABELS = { texto: 'Texto', numero: 'Número', fecha: 'Fecha' } as const;

export function HeaderPreview({ content }: { content: ContenidoFormulario }) {
  return (
    <>
      <p>
        Encabezado en {content.ColumnasEncabezado === 1 ? '1 columna' : '2 columnas'}.
      </p>
      {content.CamposEncabezado.length === 0 ? (
        <p className="muted">Sin campos propios: solo los del encabezado común (fecha, lugar, niveles, supervisor, observados, contratista).</p>
      ) : (
        <table className="record-table">
          <caption className="visually-hidden">Campos del encabezado</caption>
          <thead>
            <tr>
              <th scope="col">Campo</th>
              <th scope="col">Tipo</th>
              <th scope="col">Requerido</th>
            </tr>
          </thead>
          <tbody>
            {content.CamposEncabezado.map((campo) => (
              <tr key={campo.IdCampo}>
                <td>{campo.Etiqueta}</td>
                <td>{HEADER_TYPE_LABELS[campo.Tipo]}</td>
                <td>{campo.Requerido ? 'Sí' : 'No'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** The items and statements as an inspector will see them, numbered in reading order, with weights. */
export function ItemsPreview({ content }: { content: ContenidoFormulario }) {
  // The EPP item a statement checks the use of (its No cumple is a finding of non-use on the EPP dashboard).
  const eppNames = useDbQuery(async (db) => new Map((await db.epp_tipos.toArray()).map((tipo) => [tipo.IdEpp, tipo.NombreEpp])), []);
  let number = 0;
  return (
    <>
      {content.Items.map((item) => (
        <section key={item.IdItem} className="template-preview__item" aria-label={item.Nombre}>
          <h3>{item.Nombre}</h3>
          <ol className="template-preview__statements">
            {item.Enunciados.map((statement) => {
              number += 1;
              return (
                <li key={statement.IdEnunciado} value={number}>
                  <div className="template-preview__statement">
                    <span>
                      {number}. {statement.Texto}
                    </span>
                    <span className="badge">Ponderación {formatNumber(statement.Ponderacion)}</span>
                    {statement.IdEpp && eppNames && <span className="badge">EPP: {eppNames.get(statement.IdEpp) ?? 'eliminado del catálogo'}</span>}
                  </div>
                  {statement.Subpreguntas.length > 0 && (
                    <ul className="template-preview__subquestions" aria-label={`Subpreguntas del enunciado ${number}`}>
                      {statement.Subpreguntas.map((sub) => (
                        <li key={sub.IdSubpregunta}>{sub.Texto}</li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ol>
        </section>
      ))}
    </>
  );
}

export function ScalePreview({ content }: { content: ContenidoFormulario }) {
  const rangos = [...content.Rangos].sort((a, b) => a.Desde - b.Desde);
  return (
    <table className="record-table template-preview__scale">
      <caption className="visually-hidden">Escala de notas</caption>
      <thead>
        <tr>
          <th scope="col">Desde %</th>
          <th scope="col">Hasta %</th>
          <th scope="col">Nota</th>
        </tr>
      </thead>
      <tbody>
        {rangos.map((rango) => (
          <tr key={`${rango.Desde}-${rango.Hasta}`}>
            <td>{formatPercentInput(rango.Desde)}</td>
            <td>{formatPercentInput(rango.Hasta)}</td>
            <td>{formatGrade(rango.Nota)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
