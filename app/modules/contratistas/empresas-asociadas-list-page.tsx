import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatRut } from '#sync/domain/rut.ts';
import { type EmpresaAsociada, TIPO_EMPRESA, TIPO_EMPRESA_LABELS } from '#sync/schemas/contratistas-empresas.schema.ts';
import { fold } from '#app/db/reference-rows.ts';
import { paths } from '#app/navigation/paths.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { QueryView } from '#app/ui/feedback/query-view.tsx';
import { SelectFilter } from '#app/ui/list-filters.tsx';
import { ListTitleRow } from '#app/ui/list-title-row.tsx';
import { PendingOfficeWrites } from '#app/ui/office/pending-office-writes.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { empresasKeys, useEmpresas } from './empresas-asociadas-queries.ts';
import '#app/ui/list-page.css';
import '#app/ui/records.css';
import '#app/ui/office/office.css';

const TIPO_OPTIONS = [
  { value: String(TIPO_EMPRESA.contratista), label: 'Contratistas' },
  { value: String(TIPO_EMPRESA.cliente), label: 'Clientes' },
];

const searchText = (empresa: EmpresaAsociada) =>
  [empresa.Nombre, empresa.Rut, empresa.Rut ? formatRut(empresa.Rut) : '', empresa.Correo].join(' ');

/** The line under a company's name: its kind, RUT and e-mail, and whether it is deactivated. */
function EmpresaLine({ empresa }: { empresa: EmpresaAsociada }) {
  const meta = [TIPO_EMPRESA_LABELS[empresa.Tipo], empresa.Rut ? formatRut(empresa.Rut) : '', empresa.Correo].filter(Boolean).join(' · ');
  return (
    <Link to={paths.empresasAsociadas.detalles.href(empresa.Id, empresa.Tipo)}>
      <img className="office-list__image office-list__image--square" src={empresa.Logo} alt="" />
      <span className="office-list__text">
        <span className="simple-list__main">{empresa.Nombre}</span>
        <span className="simple-list__meta">
          {meta}{' '}
          {empresa.Estado === 1 ? <span className="badge">Activa</span> : <span className="badge badge--error">Desactivada</span>}
        </span>
      </span>
    </Link>
  );
}

/** `/empresas-asociadas`: contractor companies and clients together, searched by name or RUT and filtered by kind. */
export function EmpresasAsociadasListPage() {
  const company = useRequiredSession().empresa.IdEmpresa;
  const query = useEmpresas();
  const [search, setSearch] = useState('');
  const [tipo, setTipo] = useState('');
  const shownOf = useMemo(() => {
    const words = fold(search).split(/\s+/).filter(Boolean);
    return (rows: EmpresaAsociada[]) =>
      rows.filter((row) => (tipo === '' || String(row.Tipo) === tipo) && words.every((word) => fold(searchText(row)).includes(word)));
  }, [search, tipo]);
  const refresh = empresasKeys(company).all;

  return (
    <PageContent>
      <div className="page-body">
        <ListTitleRow title="Empresas Asociadas" />
        <p className="muted">
          Las empresas contratistas y los clientes de la empresa. Cada una se crea en Empresas Contratistas o en Clientes.
        </p>
        <PendingOfficeWrites kind="empresas_contratistas" refresh={refresh} />
        <PendingOfficeWrites kind="clientes" refresh={refresh} />
        <div className="list-page__filters">
          <label className="list-page__search">
            <span>Buscar</span>
            <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Nombre o RUT…" />
          </label>
          <SelectFilter label="Tipo" value={tipo} emptyLabel="Todas" options={TIPO_OPTIONS} onChange={setTipo} />
        </div>
        <QueryView query={query}>
          {(rows) => {
            const shown = shownOf(rows);
            return (
              <>
                <p className="muted list-page__count" role="status">
                  {shown.length === 1 ? '1 empresa' : `${shown.length} empresas`}
                </p>
                {shown.length === 0 ? (
                  <p className="notice notice--info">
                    {rows.length === 0
                      ? 'Aún no hay empresas contratistas ni clientes.'
                      : 'Ninguna empresa coincide con la búsqueda y el tipo elegidos.'}
                  </p>
                ) : (
                  <section className="card card--flush">
                    <ul className="office-list" aria-label="Lista de empresas asociadas">
                      {shown.map((row) => (
                        <li key={`${row.Tipo}-${row.Id}`}>
                          <EmpresaLine empresa={row} />
                        </li>
                      ))}
                    </ul>
                  </section>
                )}
              </>
            );
          }}
        </QueryView>
      </div>
    </PageContent>
  );
}
