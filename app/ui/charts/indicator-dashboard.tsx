import type { DashboardDef } from '#sync/records/indicator.ts';
import type { DashboardAnswer } from '#sync/schemas/dashboard-filters.schema.ts';
import type { ReactNode } from 'react';
import { apiRequest } from '#app/data/api-client.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { dashboardQueryString, type ExtraDashboardFilter } from './dashboard-filters.ts';
import { DashboardPage, type DrillDown } from './dashboard-page.tsx';

interface IndicatorDashboardProps {
  /** The dashboard as the module describes it once (sync/records/indicator.ts): its title, its calls, its cards. */
  dashboard: DashboardDef;
  /** The records behind a chart or a value (DashboardRecords, or the module's own report). */
  records: (selection: DrillDown) => ReactNode;
  extraFilters?: readonly ExtraDashboardFilter[];
}

/** A module's dashboard from its description: one card per indicator, each asked to GET /<base>/dashboard/<name>/{company}. */
export function IndicatorDashboard({ dashboard, records, extraFilters }: IndicatorDashboardProps) {
  const company = useRequiredSession().empresa.IdEmpresa;
  return (
    <DashboardPage
      title={dashboard.title}
      queryKey={dashboard.base}
      indicators={[...dashboard.indicators]}
      extraFilters={extraFilters}
      load={(name, filters, signal) =>
        apiRequest<DashboardAnswer>(`/${dashboard.base}/dashboard/${name}/${company}?${dashboardQueryString(filters)}`, { signal })
      }
      records={records}
    />
  );
}
