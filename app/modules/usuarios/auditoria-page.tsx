import { AUDIT_ENTITIES, AUDIT_ENTITY_LABELS, type AuditEntity } from '#sync/schemas/usuarios.schema.ts';
import { useState } from 'react';
import { CardSection } from '#app/ui/card-section.tsx';
import { QueryView } from '#app/ui/feedback/query-view.tsx';
import { AuditEntries, useAudit } from '#app/ui/office/audit-history.tsx';
import { PageContent } from '#app/ui/page-content.tsx';

/** Every change of users, roles and permissions, contractor companies and clients: who, when and what. */
export function AuditoriaPage() {
  const [entity, setEntity] = useState<AuditEntity | ''>('');
  const { result } = useAudit(entity || undefined);
  return (
    <PageContent>
      <div className="page-body">
        <h1 className="page-title">Auditoría de usuarios</h1>
        <div className="select-field">
          <label htmlFor="auditoria-entidad">Mostrar cambios de</label>
          <select id="auditoria-entidad" value={entity} onChange={(event) => setEntity(event.target.value as AuditEntity | '')}>
            <option value="">Todo</option>
            {AUDIT_ENTITIES.map((value) => (
              <option key={value} value={value}>
                {AUDIT_ENTITY_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <CardSection id="auditoria-cambios" title="Cambios, del más reciente al más antiguo">
          <QueryView query={result}>{(entries) => <AuditEntries entries={entries} withRecord />}</QueryView>
        </CardSection>
      </div>
    </PageContent>
  );
}
