import { formatRut } from '#sync/domain/rut.ts';
import { type CompanyProfile, PERFIL_MESSAGES } from '#sync/schemas/perfil.schema.ts';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '#app/navigation/paths.ts';
import { canEditCompanyProfile, canSeeCompanyProfile } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { QueryView } from '#app/ui/feedback/query-view.tsx';
import { RefusedWrite } from '#app/ui/office/refused-write.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { CompanyProfileForm } from './company-profile-form.tsx';
import { PendingWritesNotice } from '#app/ui/office/pending-office-writes.tsx';
import { companyProfileTarget, withQueuedWrites } from './profile-writes.ts';
import { useCompanyProfile, useRefreshCompanyProfile } from './use-company-profile.ts';
import { useProfileWrites } from './use-profile-writes.ts';
import './perfil.css';

function CompanyFacts({ company }: { company: CompanyProfile }) {
  return (
    <section className="card" aria-labelledby="company-name">
      <h2 id="company-name">{company.NombreEmpresa}</h2>
      <dl className="profile-facts">
        <div>
          <dt>Rut Empresa</dt>
          <dd>{formatRut(company.RutEmpresa)}</dd>
        </div>
      </dl>
      <p>
        <Link to={paths.perfil.fiscalizaciones.href}>Consultas de fiscalizadores</Link>: quién de la Dirección del Trabajo revisó
        los registros de la empresa y cuándo.
      </p>
    </section>
  );
}

/**
 * Perfil Empresa: the server's company profile with this device's queued changes on top; a role that may edit it
 * saves through the outbox (SPEC OF1-OF2), online or not.
 */
export function CompanyProfilePage() {
  const session = useRequiredSession();
  const { IdEmpresa } = session.empresa;
  const allowed = canSeeCompanyProfile(session);
  const target = useMemo(() => companyProfileTarget(IdEmpresa), [IdEmpresa]);
  const query = useCompanyProfile(session, allowed);
  const writes = useProfileWrites(target, PERFIL_MESSAGES.companyUpdated, useRefreshCompanyProfile(session));

  return (
    <PageContent>
      <div className="page-body">
        <h1 className="page-title">Perfil Empresa</h1>
        {allowed ? (
          <QueryView query={query}>
            {(serverCompany) => {
              const company = withQueuedWrites(serverCompany, target, writes.entries);
              return (
                <>
                  <PendingWritesNotice entries={writes.entries} />
                  <CompanyFacts company={company} />
                  <RefusedWrite refused={writes.refused} onDiscard={() => void writes.discard()} />
                  <CompanyProfileForm
                    company={company}
                    canEdit={canEditCompanyProfile(session)}
                    saving={writes.saving}
                    onSave={writes.submit}
                  />
                </>
              );
            }}
          </QueryView>
        ) : (
          <div className="notice notice--warning" role="alert">
            <p>No tienes permiso para ver los datos de la empresa.</p>
            <Link to={paths.inicio.href}>Volver al inicio</Link>
          </div>
        )}
      </div>
    </PageContent>
  );
}
