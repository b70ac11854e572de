import { useParams } from 'react-router-dom';
import { paths } from '#app/routes/paths.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { QueryView } from '#app/ui/feedback/query-view.tsx';
import { PartyDetail } from '#app/ui/office/party-detail.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { clientesKeys, clienteView, toParty, useClient } from './clientes-api.ts';

export function ClienteDetailPage() {
  const { id = '' } = useParams();
  const company = useRequiredSession().empresa.IdEmpresa;
  const query = useClient(id);
  return (
    <PageContent>
      <div className="page-body">
        <QueryView query={query}>
          {(client) => (
            <>
              <PageHeading parentHref={paths.clientes.list.href} parentLabel="Clientes" title={client?.Nombre ?? 'Cliente'} />
              {client ? (
                <PartyDetail view={clienteView} party={toParty(client)} partyKey={client.IdCliente} invalidate={[clientesKeys.all(company), clientesKeys.one(company, id)]} />
              ) : (
                <p className="notice notice--warning">{clienteView.messages.notFound}</p>
              )}
            </>
          )}
        </QueryView>
      </div>
    </PageContent>
  );
}
