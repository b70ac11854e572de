import { paths } from '#app/navigation/paths.ts';
import { useDevice } from '#app/sync/use-device.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { DraftSignatures } from './draft-signatures.tsx';
import { ExtraObservations } from './extra-observations.tsx';
import { FillDraftMissing } from './fill-draft-missing.tsx';
import { FillFinishSection } from './fill-finish-section.tsx';
import { FillHeaderSection } from './fill-header-section.tsx';
import { FillItemSection } from './fill-item-section.tsx';
import { FillProgressBar } from './fill-progress-bar.tsx';
import { FillStateNotices } from './fill-state-notices.tsx';
import { useDraftActions } from './use-draft-actions.ts';
import { useDraftObservations } from './use-draft-observations.ts';
import { useDraftProblems } from './use-draft-problems.ts';
import { useDraftProgress } from './use-draft-progress.ts';
import { useDraftWrite } from '#app/ui/drafts/use-draft-write.ts';
import { useFillDraft } from './use-fill-draft.ts';
import { useFinishDraft } from './use-finish-draft.ts';
import { useHeaderForm } from './use-header-form.ts';
import { useRemoveDraft } from './use-remove-draft.ts';
import { useReopenDraft } from './use-reopen-draft.ts';
import { useStatementActions } from './use-statement-actions.ts';
import '#app/ui/records.css';
import './inspeccion-fill-page.css';

/** `/inspecciones/editar/{id}`: the checklist being filled, saved on every answer, finished into the outbox. */
export function InspeccionFillPage() {
  const db = useDevice()?.db;
  const { id, draft, refused, finishedRow, levels2, levels3 } = useFillDraft();

  const readOnly = draft?.estado !== 'abierta';
  const content = draft?.formulario.Contenido;

  const { reportError, write } = useDraftWrite();
  const { actions, answerOf } = useStatementActions({ db, id, draft, reportError, write });
  const draftActions = useDraftActions({ db, id, write });
  const progress = useDraftProgress(content, answerOf);
  const observations = useDraftObservations(draft?.observaciones);
  const problems = useDraftProblems(draft, progress.numbers);
  const headerForm = useHeaderForm({ db, id, problems });
  const { finishing, finish, showFirstProblem } = useFinishDraft({ db, id, problems, openHeader: headerForm.open });
  const { reopening, reopen } = useReopenDraft(id, refused, reportError);
  const removeDraft = useRemoveDraft(db, id);

  if (draft === undefined || !levels2 || !levels3) {
    return (
      <PageContent>
        <PageLoading />
      </PageContent>
    );
  }
  if (draft === null || !content) return <FillDraftMissing finished={finishedRow} />;

  const { compliance, itemProgress, numbers } = progress;
  return (
    <>
      <FillProgressBar
        compliance={compliance}
        items={itemProgress}
        readOnly={readOnly}
        onJumpToItem={progress.jumpToItem}
        onNextUnanswered={progress.nextUnanswered}
      />
      <PageContent className="insp-fill-content">
        <div className="page-body insp-fill">
          <PageHeading parentHref={paths.inspecciones.list.href} parentLabel="Inspecciones" title={draft.formulario.Nombre} />
          <p className="muted insp-fill__meta">
            Versión {draft.formulario.VersionFormulario} del formulario · {compliance.Total} enunciados
            {readOnly ? '' : ' · se guarda en este dispositivo con cada respuesta'}
          </p>
          <FillStateNotices draft={draft} readOnly={readOnly} refused={refused} reopening={reopening} onReopen={() => void reopen()} />

          <FillHeaderSection
            draft={draft}
            levels2={levels2}
            levels3={levels3}
            readOnly={readOnly}
            editing={headerForm.editing}
            hasProblems={problems.headerHasProblems}
            problems={problems.byAnchor}
            onToggle={() => void headerForm.toggle()}
            onChange={draftActions.onHeaderChange}
            onFieldChange={draftActions.onHeaderFieldChange}
          />

          {content.Items.map((item, itemIndex) => (
            <FillItemSection
              key={item.IdItem}
              item={item}
              index={itemIndex}
              progress={itemProgress[itemIndex]}
              draft={draft}
              numbers={numbers}
              answerOf={answerOf}
              observations={observations.checklist}
              problems={problems.byAnchor}
              readOnly={readOnly}
              actions={actions}
            />
          ))}

          {(['General', 'Brechas'] as const).map((tipo) => (
            <ExtraObservations
              key={tipo}
              tipo={tipo}
              observations={observations.extra[tipo]}
              fecha={draft.Fecha}
              textProblems={problems.extraTextProblems}
              readOnly={readOnly}
              me={actions.me}
              onAdd={draftActions.onAddObservation}
              onChange={actions.updateObservation}
              onRemove={draftActions.onRemoveObservation}
            />
          ))}

          <DraftSignatures
            firmas={draft.firmas}
            supervisor={draft.Supervisor}
            readOnly={readOnly}
            problem={problems.byAnchor.get('insp-firmas')}
            onSave={draftActions.onSaveSignature}
            onRemove={draftActions.onRemoveSignature}
            onUnsavedChange={problems.setUnsavedSignature}
          />

          {!readOnly && (
            <FillFinishSection
              compliance={compliance}
              problems={problems.summary}
              finishing={finishing}
              onShowProblem={(problem) => showFirstProblem([problem])}
              onFinish={() => void finish()}
              onRemove={() => void removeDraft()}
            />
          )}
        </div>
      </PageContent>
    </>
  );
}
