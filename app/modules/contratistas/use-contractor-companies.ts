import { useQuery } from '@tanstack/react-query';
import { formatRut } from '#sync/domain/rut.ts';
import { apiRequest } from '#app/data/api-client.ts';
import { useRequiredSession } from '#app/session/use-session.ts';

export interface ContractorCompany {
  RutCompleto: string;
  Nombre: string;
  Estado: number;
}

/**
 * The company's contractor companies, from the server (a device does not keep them): what the contract form, the
 * report's filter and the dashboard offer. Asked only by a company user (`enabled`), and by each screen once.
 */
export function useContractorCompanies(enabled = true): ContractorCompany[] | undefined {
  const session = useRequiredSession();
  const company = session.empresa.IdEmpresa;
  const answer = useQuery({
    queryKey: ['empresa-contratistas', company],
    queryFn: ({ signal }) => apiRequest<{ data: ContractorCompany[] }>(`/empresa-contratistas/all/${encodeURIComponent(company)}`, { signal }),
    enabled: enabled && session.usuario.Tipo === 'empresa',
  });
  return answer.data?.data;
}

/** A contractor as a choice: its name and its RUT. */
export const contractorOption = (row: Pick<ContractorCompany, 'RutCompleto' | 'Nombre'>) => ({
  value: row.RutCompleto,
  label: `${row.Nombre} (${formatRut(row.RutCompleto)})`,
});
