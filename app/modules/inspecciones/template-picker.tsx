import { FORMULARIO_TYPE_LABELS, FORMULARIO_TYPES, statementsOf } from '#sync/schemas/formularios.schema.ts';
import { useId, useState } from 'react';
import type { LocalFormulario } from '#app/db/inspection-rows.ts';
import { searchWords } from '#app/db/reference-rows.ts';
import './template-picker.css';

export function statementCount(template: LocalFormulario): string {
  const count = statementsOf(template.Contenido).length;
  return count === 1 ? '1 enunciado' : `${count} enunciados`;
}

interface TemplatePickerProps {
  templates: LocalFormulario[];
  onPick: (template: LocalFormulario) => void;
}

/** Active templates on the device, grouped by type, found by any word of their name. */
export function TemplatePicker({ templates, onPick }: TemplatePickerProps) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const words = searchWords(search);
  const matching = templates.filter((template) => words.every((word) => template.orden.split(/\s+/).some((part) => part.startsWith(word))));

  if (templates.length === 0) {
    return (
      <p className="notice notice--info">
        No hay formularios activos en este dispositivo. Con conexión, sincroniza para descargar los formularios de la empresa.
      </p>
    );
  }

  return (
    <div className="insp-template-picker">
      <div className="list-page__search">
        <label htmlFor={searchId}>Buscar formulario</label>
        <input id={searchId} type="search" value={search} placeholder="Ej.: altura, herramientas" onChange={(event) => setSearch(event.target.value)} />
      </div>
      {matching.length === 0 && <p className="muted">Ningún formulario activo coincide con la búsqueda.</p>}
      {FORMULARIO_TYPES.map((tipo) => {
        const ofType = matching.filter((template) => template.Tipo === tipo);
        if (ofType.length === 0) return null;
        const headingId = `${searchId}-${tipo}`;
        return (
          <section key={tipo} aria-labelledby={headingId} className="insp-template-group">
            <h2 id={headingId}>{FORMULARIO_TYPE_LABELS[tipo]}</h2>
            <ul className="insp-template-list">
              {ofType.map((template) => (
                <li key={template.IdFormulario}>
                  <button type="button" className="insp-template" onClick={() => onPick(template)}>
                    <span className="insp-template__name">{template.Nombre}</span>
                    <span className="insp-template__meta">{statementCount(template)}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
