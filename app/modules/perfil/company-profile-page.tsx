import { formatRut } from '#sync/domain/rut.ts';
import { Link } from 'react-router-dom';
import { paths } from '#app/navigation/paths.ts';
import { canEditCompanyProfile, canSeeCompanyProfile } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { QueryView } from '#app/ui/feedback/query-view.tsx';
import { useOnlineStatus } from '#app/ui/use-online-status.ts';
import { PageContent } from '#app/ui/page-content.tsx';
import { CompanyProfileForm } from './company-profile-form.tsx';
import { useCompanyProfile, useSaveCompanyProfile } from './use-company-profile.ts';
import './perfil.css';

export function CompanyProfilePage() {
  const session = useRequiredSession();
  const online = useOnlineStatus();
  const allowed = canSeeCompanyProfile(session);
  const query = useCompanyProfile(session, allowed);
  const save = useSaveCompanyProfile(session);

  return (
    <PageContent>
      <div className="page-body">
        <h1 className="page-title">Perfil Empresa</h1>
        {allowed ? (
          <QueryView query={query}>
            {(company) => (
              <>
                <section className="card" aria-labelledby="company-name">
                  <h2 id="company-name">{company.NombreEmpresa}</h2>
                  <dl className="profile-facts">
                    <div>
                      <dt>Rut Empresa</dt>
                      <dd>{formatRut(company.RutEmpresa)}</dd>
                    </div>
                  </dl>
                  <p>
                    <Link to={paths.perfil.fiscalizaciones.href}>Consultas de fiscalizadores</Link>: quién de la Dirección del Trabajo
                    revisó los registros de la empresa y cuándo.
                  </p>
                </section>
                <CompanyProfileForm
                  company={company}
                  online={online}
                  canEdit={canEditCompanyProfile(session)}
                  saving={save.isPending}
                  onSave={save.mutateAsync}
                />
              </>
            )}
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
