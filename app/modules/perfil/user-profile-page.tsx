import { formatDisplayDate } from '#sync/domain/dates.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { personName } from '#sync/domain/person-name.ts';
import { PERFIL_MESSAGES, type UserProfile } from '#sync/schemas/perfil.schema.ts';
import { useMemo } from 'react';
import { useRequiredSession } from '#app/session/use-session.ts';
import { QueryView } from '#app/ui/feedback/query-view.tsx';
import { RefusedWrite } from '#app/ui/office/refused-write.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { PendingWritesNotice } from '#app/ui/office/pending-office-writes.tsx';
import { userProfileTarget, withQueuedWrites } from './profile-writes.ts';
import { useProfileWrites } from './use-profile-writes.ts';
import { UserProfileForm } from './user-profile-form.tsx';
import { useRefreshUserProfile, useUserProfile } from './use-user-profile.ts';
import './perfil.css';

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

/**
 * Mi Perfil: the server's profile with this device's queued changes on top; a save goes through the outbox (SPEC
 * OF1-OF2), online or not, and the screen says whether the server took it, refused it, or it waits on the device.
 */
export function UserProfilePage() {
  const session = useRequiredSession();
  const { IdUsuario } = session.usuario;
  const { IdEmpresa } = session.empresa;
  const target = useMemo(() => userProfileTarget(IdUsuario, IdEmpresa), [IdUsuario, IdEmpresa]);
  const query = useUserProfile(session);
  const writes = useProfileWrites(target, PERFIL_MESSAGES.userUpdated, useRefreshUserProfile(session));

  return (
    <PageContent>
      <div className="page-body">
        <h1 className="page-title">Mi Perfil</h1>
        <QueryView query={query}>
          {(serverProfile) => {
            const profile = withQueuedWrites(serverProfile, target, writes.entries);
            return (
              <>
                <PendingWritesNotice entries={writes.entries} />
                <UserFacts profile={profile} />
                <RefusedWrite refused={writes.refused} onDiscard={() => void writes.discard()} />
                <UserProfileForm profile={profile} saving={writes.saving} onSave={writes.submit} />
              </>
            );
          }}
        </QueryView>
      </div>
    </PageContent>
  );
}
