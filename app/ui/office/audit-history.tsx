import { useQuery } from '@tanstack/react-query';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, type AuditEntity, type AuditoriaEntrada } from '#sync/schemas/usuarios.schema.ts';
import { apiRequest } from '#app/data/api-client.ts';
import { AUDIT_QUERY_ROOT } from '#app/data/use-office-write.ts';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { formatDisplayDateTime } from '#app/ui/display-format.ts';
import { QueryView } from '#app/ui/feedback/query-view.tsx';
import './office.css';

export const auditKey = (company: string, entity?: AuditEntity, id?: string) => [AUDIT_QUERY_ROOT, company, entity ?? 'todas', id ?? 'todos'] as const;

/** The audit log (GET /usuarios/auditoria/{company}), of one record or of all; for those with its permission. */
export function useAudit(entity?: AuditEntity, id?: string, enabled = true) {
  const session = useRequiredSession();
  const company = session.empresa.IdEmpresa;
  const allowed = hasPermission(session, paths.auditoria.href, 'index');
  const query = new URLSearchParams({ ...(entity ? { Entidad: entity } : {}), ...(id ? { IdRegistro: id } : {}) }).toString();
  const result = useQuery({
    queryKey: auditKey(company, entity, id),
    queryFn: ({ signal }) => apiRequest<{ data: AuditoriaEntrada[] }>(`/usuarios/auditoria/${encodeURIComponent(company)}${query ? `?${query}` : ''}`, { signal }).then((answer) => answer.data),
    enabled: allowed && enabled,
  });
  return { allowed, result };
}

/** "Carolina Muñoz Soto editó · 21/11/2026 09:00", then each field: before → after. */
export function AuditEntries({ entries, withRecord = false }: { entries: AuditoriaEntrada[]; withRecord?: boolean }) {
  if (entries.length === 0) return <p className="muted">Sin cambios registrados.</p>;
  return (
    <ul className="office-history">
      {entries.map((entry) => (
        <li key={entry.IdAuditoria}>
          <strong>{entry.NombreAutor}</strong> {(AUDIT_ACTION_LABELS[entry.Accion] ?? entry.Accion).toLocaleLowerCase('es')}
          {withRecord && ` ${AUDIT_ENTITY_LABELS[entry.Entidad].toLocaleLowerCase('es')} ${entry.NombreRegistro}`} · {formatDisplayDateTime(new Date(entry.Fecha))}
          {entry.Cambios.length > 0 && (
            <ul className="office-history__changes">
              {entry.Cambios.map((change, index) => (
                <li key={index}>
                  {change.Campo}: {change.Antes || '—'} → {change.Despues || '—'}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The changes of one user, role, contractor company or client, shown in its detail to those who may see the log. */
export function AuditHistory({ entity, id }: { entity: AuditEntity; id: string }) {
  const { allowed, result } = useAudit(entity, id);
  if (!allowed) return null;
  return (
    <CardSection id="audit-history" title="Historial de cambios">
      <QueryView query={result}>{(entries) => <AuditEntries entries={entries} />}</QueryView>
    </CardSection>
  );
}
