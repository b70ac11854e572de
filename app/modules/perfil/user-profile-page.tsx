import { formatDisplayDate } from '#sync/domain/dates.ts';
import { formatRut } from '#sync/domain/rut.ts';
import type { UserProfile } from '#sync/schemas/perfil.schema.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { QueryView } from '#app/ui/feedback/query-view.tsx';
import { useOnlineStatus } from '#app/ui/use-online-status.ts';
import { PageContent } from '#app/ui/page-content.tsx';
import { UserProfileForm } from './user-profile-form.tsx';
import { useSaveUserProfile, useUserProfile } from './use-user-profile.ts';
import './perfil.css';
import { personName } from '#sync/domain/person-name.ts';

function UserFacts({ profile }: { profile: UserProfile }) {
  const name = personName(profile);
  return (
    <section className="card" aria-labelledby="profile-name">
      <h2 id="profile-name">{name}</h2>
      <dl className="profile-facts">
        <div>
          <dt>RUN</dt>
          <dd>{formatRut(profile.RunPersona)}</dd>
        </div>
        <div>
          <dt>Correo Electrónico</dt>
          <dd>{profile.CorreoElectronicoPersona}</dd>
        </div>
        <div>
          <dt>Fecha de Nacimiento</dt>
          <dd>{formatDisplayDate(profile.FechaNacimiento) || 'Sin registrar'}</dd>
        </div>
      </dl>
    </section>
  );
}

export function UserProfilePage() {
  const session = useRequiredSession();
  const online = useOnlineStatus();
  const query = useUserProfile(session);
  const save = useSaveUserProfile(session);

  return (
    <PageContent>
      <div className="page-body">
        <h1 className="page-title">Mi Perfil</h1>
        <QueryView query={query}>
          {(profile) => (
            <>
              <UserFacts profile={profile} />
              <UserProfileForm profile={profile} online={online} saving={save.isPending} onSave={save.mutateAsync} />
            </>
          )}
        </QueryView>
      </div>
    </PageContent>
  );
}
