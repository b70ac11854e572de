import { formatRut } from '#sync/domain/rut.ts';
import { type LevelType, NIVELES_MESSAGES } from '#sync/schemas/niveles.schema.ts';
import { useIonToast } from '@ionic/react';
import { useParams } from 'react-router-dom';
import { useNivelNames } from '#app/data/reference-queries.ts';
import { LEVEL_PATHS } from '#app/routes/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { RecordActions } from '#app/ui/records/record-actions.tsx';
import { correctionHref } from '#app/ui/records/record-correction.tsx';
import { RecordSyncNotice, useRecordOutbox } from '#app/ui/records/record-sync-notice.tsx';
import { useRemoveRecord } from '#app/ui/records/use-remove-record.ts';
import { LEVEL_WRITE_ROUTE, parentType } from './nivel-permissions.ts';
import { deleteLevel } from './nivel-writes.ts';
import '#app/ui/records.css';

export function NivelDetailPage({ type }: { type: LevelType }) {
  const { id = '' } = useParams();
  const removeRecord = useRemoveRecord();
  const session = useRequiredSession();
  const [presentToast] = useIonToast();
  const level = useDbQuery(async (db) => (await db.niveles.get(id)) ?? null, [id]);
  // Children, positions and workers that point at this level: the server refuses to delete it (NIVEL_EN_USO).
  const uses = useDbQuery(
    async (db) =>
      (await db.niveles.where('IdNivelPadre').equals(id).count()) +
      (await db.cargos.where(type === 2 ? 'IdNivel2' : 'IdNivel3').equals(id).count()) +
      (type === 4 ? 0 : await db.trabajadores.where(type === 2 ? '[IdNivel2+orden]' : '[IdNivel3+orden]').between([id, ''], [id, '\uffff']).count()),
    [id, type],
  );
  const { entries, refused } = useRecordOutbox('niveles', id);
  const names = useNivelNames();
  const routes = LEVEL_PATHS[type];
  const title = levelName(session, type);
  const above = parentType(type);

  if (level === undefined) return <PageLoading />;

  const remove = async () => {
    if (!level) return;
    if (uses) return void presentToast({ message: NIVELES_MESSAGES.inUse, color: 'danger', duration: 3500, position: 'top' });
    await removeRecord({
      confirmation: { header: `Eliminar ${title}`, message: `¿Eliminar ${level.Nombre}?` },
      write: () => deleteLevel(level),
      saved: NIVELES_MESSAGES.deleted,
      listHref: routes.list.href,
    });
  };

  return (
    <PageContent>
      <div className="page-body">
        <PageHeading parentHref={routes.list.href} parentLabel={title} title={level?.Nombre ?? title} />
        {!level || level.TipoNivel !== type ? (
          <p className="notice notice--warning">{NIVELES_MESSAGES.notFound} en este dispositivo.</p>
        ) : (
          <>
            <RecordSyncNotice
              entries={entries}
              refused={refused}
              ofWhat={`de este ${title.toLowerCase()}`}
              correctHref={refused && correctionHref(session, refused, level)}
            />
            <CardSection id="level-data" title="Datos">
              <dl className="record-fields">
                {above && (
                  <>
                    <dt>{levelName(session, above)}</dt>
                    <dd>{(level.IdNivelPadre && names?.get(level.IdNivelPadre)) || 'Sin asignar'}</dd>
                  </>
                )}
                <dt>Rut</dt>
                <dd>{level.RutNivel ? formatRut(level.RutNivel) : 'Sin rut'}</dd>
              </dl>
            </CardSection>
            <RecordActions
              editHref={routes.editar.href(level.IdNivel)}
              canEdit={hasPermission(session, LEVEL_WRITE_ROUTE, 'editar')}
              canDelete={hasPermission(session, LEVEL_WRITE_ROUTE, 'eliminar')}
              onDelete={() => void remove()}
            />
          </>
        )}
      </div>
    </PageContent>
  );
}
