import { IonButton } from '@ionic/react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { formatDisplayDate } from '#sync/domain/dates.ts';
import { formatRut } from '#sync/domain/rut.ts';
import {
  type Cadena,
  type EmpresaAsociadaDetalle,
  EMPRESAS_MESSAGES,
  isTipoEmpresa,
  TIPO_EMPRESA,
  TIPO_EMPRESA_LABELS,
} from '#sync/schemas/contratistas-empresas.schema.ts';
import { paths } from '#app/navigation/paths.ts';
import { MAINTAINER_PATHS } from '#app/navigation/served-routes.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { FactList } from '#app/ui/fact-list.tsx';
import { QueryView } from '#app/ui/feedback/query-view.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { useEmpresa, useEmpresaActions } from './empresas-asociadas-queries.ts';
import '#app/ui/form/image-picker.css';
import '#app/ui/records.css';

const named = (company: { Rut: string; Nombre: string }) => (company.Nombre === company.Rut ? formatRut(company.Rut) : company.Nombre);

/** A chain as the register writes it: «Mandante (mandante) → Contratista → Subcontratista → …». */
function ChainLine({ chain, mandante }: { chain: Cadena; mandante: string }) {
  const names = [`${mandante} (mandante)`, ...chain.Empresas.map(named)];
  return (
    <li>
      <span className="simple-list__main">{names.join(' → ')}</span>
      <span className="simple-list__meta">{chain.Contrato}</span>
    </li>
  );
}

function ContractsSection({ empresa }: { empresa: EmpresaAsociadaDetalle }) {
  const session = useRequiredSession();
  const contracts = MAINTAINER_PATHS.contratos!;
  const seesContracts = hasPermission(session, contracts.list.href, 'index');
  return (
    <>
      <CardSection id="empresa-contratos" title="Contratos">
        {empresa.Contratos.length === 0 ? (
          <p className="muted">No participa en ningún contrato.</p>
        ) : (
          <ul className="simple-list">
            {empresa.Contratos.map((contract) => (
              <li key={contract.IdContrato}>
                <span className="simple-list__main">
                  {seesContracts ? <Link to={contracts.detalles.href(contract.IdContrato)}>{contract.Nombre}</Link> : contract.Nombre}
                </span>
                <span className="simple-list__meta">
                  {contract.Rol === 'contratista' ? 'Contratista' : `Subcontratista de ${named(contract.Contratista)}`} ·{' '}
                  {formatDisplayDate(contract.FechaInicio)} al {formatDisplayDate(contract.FechaTermino)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardSection>
      <CardSection id="empresa-cadenas" title="Cadenas de subcontratación">
        {empresa.Cadenas.length === 0 ? (
          <p className="muted">Sin cadenas: no participa en ningún contrato.</p>
        ) : (
          <ul className="simple-list" aria-label="Cadenas de subcontratación, desde el mandante">
            {empresa.Cadenas.map((chain) => (
              <ChainLine key={`${chain.IdContrato}-${chain.Empresas.map((company) => company.Rut).join('-')}`} chain={chain} mandante={session.empresa.NombreEmpresa} />
            ))}
          </ul>
        )}
      </CardSection>
    </>
  );
}

function EmpresaActions({ empresa }: { empresa: EmpresaAsociadaDetalle }) {
  const navigate = useNavigate();
  const { active, toggleState, remove, can } = useEmpresaActions(empresa);
  const removed = async () => {
    if (await remove()) navigate(paths.empresasAsociadas.list.href, { replace: true });
  };
  if (!can('editar') && !can('eliminar')) return null;
  return (
    <div className="button-row">
      {can('editar') && <IonButton routerLink={paths.empresasAsociadas.editar.href(empresa.Id, empresa.Tipo)}>Editar</IonButton>}
      {can('editar') && (
        <IonButton fill="outline" color="dark" onClick={() => void toggleState()}>
          {active ? 'Desactivar' : 'Activar'}
        </IonButton>
      )}
      {can('eliminar') && (
        <IonButton fill="outline" color="danger" onClick={() => void removed()}>
          Eliminar
        </IonButton>
      )}
    </div>
  );
}

/** Where the company's accounts, password and history are kept: its own type's screen, for those who open it. */
function OwnScreenLink({ empresa }: { empresa: EmpresaAsociadaDetalle }) {
  const session = useRequiredSession();
  const own = empresa.Tipo === TIPO_EMPRESA.contratista ? paths.empresaContratistas : paths.clientes;
  if (!hasPermission(session, own.list.href, 'index')) return null;
  const where = empresa.Tipo === TIPO_EMPRESA.contratista ? 'Empresas Contratistas' : 'Clientes';
  return (
    <p>
      <Link to={own.detalles.href(empresa.Id)}>Ver sus usuarios, su clave y su historial en {where}</Link>
    </p>
  );
}

function EmpresaDetail({ empresa }: { empresa: EmpresaAsociadaDetalle }) {
  const active = empresa.Estado === 1;
  return (
    <>
      <CardSection id="empresa-datos" title="Datos">
        <div className="image-picker image-picker--square">
          <img className="image-picker__image" src={empresa.Logo} alt={`Logo de ${empresa.Nombre}`} />
          <FactList
            facts={[
              ['Tipo', TIPO_EMPRESA_LABELS[empresa.Tipo]],
              ['RUT', empresa.Rut ? formatRut(empresa.Rut) : '—'],
              ['Correo Electrónico', empresa.Correo || '—'],
              ['Teléfono', empresa.Telefono || '—'],
              ['Dirección', empresa.Direccion || '—'],
              ['Estado', active ? 'Activa' : 'Desactivada: sus usuarios no pueden iniciar sesión'],
              ['Cuenta de acceso', empresa.ConCuenta ? 'Sí' : 'No'],
            ]}
          />
        </div>
      </CardSection>
      <EmpresaActions empresa={empresa} />
      <OwnScreenLink empresa={empresa} />
      {empresa.Tipo === TIPO_EMPRESA.contratista && <ContractsSection empresa={empresa} />}
    </>
  );
}

function NotFound() {
  return (
    <PageContent>
      <div className="page-body">
        <PageHeading parentHref={paths.empresasAsociadas.list.href} parentLabel="Empresas Asociadas" title="Empresa" />
        <p className="notice notice--warning">{EMPRESAS_MESSAGES.notFound}</p>
      </div>
    </PageContent>
  );
}

/** `/empresas-asociadas/detalles/{id}/{tipo}`: one company, and for a contractor its contracts and chains. */
export function EmpresaAsociadaDetailPage() {
  const { id = '', tipo = '' } = useParams();
  const query = useEmpresa(id, Number(tipo));
  if (!isTipoEmpresa(Number(tipo))) return <NotFound />;
  return (
    <PageContent>
      <div className="page-body">
        <QueryView query={query}>
          {(empresa) => (
            <>
              <PageHeading parentHref={paths.empresasAsociadas.list.href} parentLabel="Empresas Asociadas" title={empresa?.Nombre ?? 'Empresa'} />
              {empresa ? <EmpresaDetail empresa={empresa} /> : <p className="notice notice--warning">{EMPRESAS_MESSAGES.notFound}</p>}
            </>
          )}
        </QueryView>
      </div>
    </PageContent>
  );
}
