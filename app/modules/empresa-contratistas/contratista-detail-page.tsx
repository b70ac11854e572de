import { useParams } from 'react-router-dom';
import { paths } from '#app/routes/paths.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { QueryView } from '#app/ui/feedback/query-view.tsx';
import { PartyDetail } from '#app/ui/office/party-detail.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { contratistasKeys, contratistaView, toParty, useContractor } from './contratistas-api.ts';

export function ContratistaDetailPage() {
  const { id = '' } = useParams();
  const company = useRequiredSession().empresa.IdEmpresa;
  const query = useContractor(id);
  return (
    <PageContent>
      <div className="page-body">
        <QueryView query={query}>
          {(contractor) => (
            <>
              <PageHeading parentHref={paths.empresaContratistas.list.href} parentLabel="Empresas Contratistas" title={contractor?.Nombre ?? 'Empresa contratista'} />
              {contractor ? (
                <PartyDetail view={contratistaView} party={toParty(contractor)} partyKey={contractor.RutCompleto} invalidate={[contratistasKeys.all(company), contratistasKeys.one(company, id)]} />
              ) : (
                <p className="notice notice--warning">{contratistaView.messages.notFound}</p>
              )}
            </>
          )}
        </QueryView>
      </div>
    </PageContent>
  );
}
