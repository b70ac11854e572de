import { Navigate, useParams } from 'react-router-dom';
import { EMPRESAS_MESSAGES, TIPO_EMPRESA } from '#sync/schemas/contratistas-empresas.schema.ts';
import { paths } from '#app/navigation/paths.ts';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';

/**
 * `/empresas-asociadas/editar/{id}/{tipo}`: a company is edited in its own type's form (Empresas Contratistas or
 * Clientes), the same form and the same queued write, never a copy of it here.
 */
export function EmpresaAsociadaEditPage() {
  const { id = '', tipo = '' } = useParams();
  if (tipo === String(TIPO_EMPRESA.contratista)) return <Navigate replace to={paths.empresaContratistas.editar.href(id)} />;
  if (tipo === String(TIPO_EMPRESA.cliente)) return <Navigate replace to={paths.clientes.editar.href(id)} />;
  return (
    <PageContent>
      <div className="page-body">
        <PageHeading parentHref={paths.empresasAsociadas.list.href} parentLabel="Empresas Asociadas" title="Editar empresa" />
        <p className="notice notice--warning">{EMPRESAS_MESSAGES.notFound}</p>
      </div>
    </PageContent>
  );
}
