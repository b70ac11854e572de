import { describe, expect, it } from 'vitest';
import { CHAIN_MESSAGES, chainAbove, chainProblem, chainsOf, companiesBelow, superiorsOf } from './subcontract-chains.ts';

const A = '78945612-7';
const B = '76888111-1';
const C = '77111222-3';
const D = '76555444-2';

describe('subcontractor chains (CT-CAD1)', () => {
  it('puts a subcontractor named in no ascendancy under the contractor, and walks a chain up to it', () => {
    const contract = { RutContratista: A, Subcontratistas: [B, C, D], Ascendencias: { [C]: B, [D]: B } };
    expect(chainProblem(contract)).toBeNull();
    expect(chainAbove(contract, C)).toEqual([B, A]);
    expect(chainAbove(contract, B)).toEqual([A]);
    expect(chainsOf(contract)).toEqual([
      [A, B, C],
      [A, B, D],
    ]);
  });

  it('makes a company answer for everyone below it, and nobody for those above', () => {
    const contract = { RutContratista: A, Subcontratistas: [B, C], Ascendencias: { [C]: B } };
    expect(companiesBelow(contract, A)).toEqual([A, B, C]);
    expect(companiesBelow(contract, B)).toEqual([B, C]);
    expect(companiesBelow(contract, C)).toEqual([C]);
    expect(companiesBelow(contract, D)).toEqual([]);
  });

  it('refuses a parent outside the contract, a company its own parent, and a loop', () => {
    expect(chainProblem({ RutContratista: A, Subcontratistas: [B], Ascendencias: { [B]: D } })).toBe(CHAIN_MESSAGES.parentUnknown);
    expect(chainProblem({ RutContratista: A, Subcontratistas: [B], Ascendencias: { [B]: B } })).toBe(CHAIN_MESSAGES.parentUnknown);
    expect(chainProblem({ RutContratista: A, Subcontratistas: [B], Ascendencias: { [D]: A } })).toBe(CHAIN_MESSAGES.parentUnknown);
    expect(chainProblem({ RutContratista: A, Subcontratistas: [B, C], Ascendencias: { [B]: C, [C]: B } })).toBe(CHAIN_MESSAGES.cycle);
  });

  it('draws a contract without subcontractors as the contractor alone', () => {
    expect(chainsOf({ RutContratista: A, Subcontratistas: [], Ascendencias: {} })).toEqual([[A]]);
  });
});

describe('who sees a document down the chain (CT-CAD3)', () => {
  const contract = { IdContrato: 'k1', RutContratista: A, Subcontratistas: [B, C], Ascendencias: { [C]: B }, Requisitos: ['r1'] };

  it('names every company above the document’s company in the contracts that ask it, once', () => {
    expect(superiorsOf([contract], { IdRequisito: 'r1', RutContratista: C, IdContrato: null })).toEqual([A, B].sort());
    expect(superiorsOf([contract], { IdRequisito: 'r1', RutContratista: A, IdContrato: null })).toEqual([]);
    const other = { ...contract, IdContrato: 'k2', RutContratista: D, Ascendencias: {}, Subcontratistas: [C] };
    expect(superiorsOf([contract, other], { IdRequisito: 'r1', RutContratista: C, IdContrato: null })).toEqual([A, B, D].sort());
  });

  it('leaves out contracts that do not ask the requirement, and others’ when the document is of one contract', () => {
    expect(superiorsOf([contract], { IdRequisito: 'r2', RutContratista: C, IdContrato: null })).toEqual([]);
    expect(superiorsOf([contract], { IdRequisito: 'r1', RutContratista: C, IdContrato: 'k9' })).toEqual([]);
  });
});
