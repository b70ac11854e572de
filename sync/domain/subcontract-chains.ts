/**
 * Subcontractor chains (issue 37, DS 76 register): in a contract, every subcontractor works for the contractor or for
 * another subcontractor of the same contract (`Ascendencias`: subcontractor RUT → the RUT it works for; one not named
 * works for the contractor). The same rules on the form, the server and the associated companies' detail.
 */

export interface ChainContract {
  RutContratista: string;
  Subcontratistas: readonly string[];
  Ascendencias: Readonly<Record<string, string>>;
}

export const CHAIN_MESSAGES = {
  parentUnknown: 'Una subcontratista debe trabajar para la contratista o para otra subcontratista del contrato',
  cycle: 'Las subcontratistas del contrato no pueden trabajar unas para otras en círculo',
} as const;

/** Whom a subcontractor of the contract works for. */
export function parentOf(contract: ChainContract, rut: string): string {
  return contract.Ascendencias[rut] ?? contract.RutContratista;
}

/** What is wrong with the contract's chain, or null: every parent is of the contract, and every chain reaches the contractor. */
export function chainProblem(contract: ChainContract): string | null {
  const members = new Set([contract.RutContratista, ...contract.Subcontratistas]);
  for (const [child, parent] of Object.entries(contract.Ascendencias)) {
    if (!contract.Subcontratistas.includes(child) || !members.has(parent) || child === parent) return CHAIN_MESSAGES.parentUnknown;
  }
  for (const rut of contract.Subcontratistas) {
    if (chainAbove(contract, rut) === null) return CHAIN_MESSAGES.cycle;
  }
  return null;
}

/** The RUTs above a subcontractor, nearest first, ending at the contractor; null when its chain loops. */
export function chainAbove(contract: ChainContract, rut: string): string[] | null {
  const above: string[] = [];
  let current = rut;
  while (current !== contract.RutContratista) {
    current = parentOf(contract, current);
    if (above.includes(current) || current === rut) return null;
    above.push(current);
  }
  return above;
}

/** The companies a company answers for in the contract: itself and every subcontractor below it, at any depth. */
export function companiesBelow(contract: ChainContract, rut: string): string[] {
  if (rut !== contract.RutContratista && !contract.Subcontratistas.includes(rut)) return [];
  const below = contract.Subcontratistas.filter((sub) => (chainAbove(contract, sub) ?? []).includes(rut));
  return [rut, ...below];
}

/** Every path of the contract from the contractor down to a subcontractor with none below it: the register's chains. */
export function chainsOf(contract: ChainContract): string[][] {
  const parents = new Set(contract.Subcontratistas.map((sub) => parentOf(contract, sub)));
  const leaves = contract.Subcontratistas.filter((sub) => !parents.has(sub));
  if (leaves.length === 0) return [[contract.RutContratista]];
  return leaves.map((leaf) => [...(chainAbove(contract, leaf) ?? []).reverse(), leaf]);
}

/**
 * The companies above a document's company in the contracts that ask it (`IdContrato` set: only that contract's):
 * who also sees and uploads it (a contractor and every subcontractor between). Sorted, each once.
 */
export function superiorsOf(
  contracts: readonly (ChainContract & { IdContrato: string; Requisitos: readonly string[] })[],
  doc: { IdRequisito: string; RutContratista: string; IdContrato: string | null },
): string[] {
  const above = new Set<string>();
  for (const contract of contracts) {
    if (!contract.Requisitos.includes(doc.IdRequisito) || (doc.IdContrato !== null && doc.IdContrato !== contract.IdContrato)) continue;
    if (!contract.Subcontratistas.includes(doc.RutContratista)) continue;
    for (const rut of chainAbove(contract, doc.RutContratista) ?? []) above.add(rut);
  }
  return [...above].sort();
}
