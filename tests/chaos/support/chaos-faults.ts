import type { Random } from './prng.ts';

/** Probabilities per request; every one is drawn for every request, so one seed gives one sequence of faults. */
export interface FaultRates {
  /** The connection is cut before the request is forwarded: the network is down. */
  refuse: number;
  /** The network goes down for a while (`outageMs`): every request meanwhile is cut like `refuse`. */
  outage: number;
  /** The server answers (it committed), then the connection is cut before the answer reaches the client. */
  loseResponse: number;
  /**
   * The connection is cut while the server is still working on the request; half the time the cut reaches the
   * server too (its socket closes mid-request, as with a real network), otherwise only the client's side drops.
   */
  cutInFlight: number;
  /** The answer's headers and half its body arrive, then the connection is cut. */
  truncate: number;
  /**
   * The request reaches the server twice at once (a middlebox retrying on its own); the client gets one of the
   * two answers. The second copy of a write must find the first one in progress (409 EN_CURSO) or in the ledger.
   */
  duplicate: number;
  /** A random wait before forwarding and before answering (up to `maxDelayMs` each). */
  delay: number;
}

export const NO_FAULTS: FaultRates = { refuse: 0, outage: 0, loseResponse: 0, cutInFlight: 0, truncate: 0, duplicate: 0, delay: 0 };

export const DEFAULT_FAULTS: FaultRates = {
  refuse: 0.06,
  outage: 0.01,
  loseResponse: 0.08,
  cutInFlight: 0.04,
  truncate: 0.03,
  duplicate: 0.03,
  delay: 0.15,
};

export interface Decision {
  refuse: boolean;
  outage: boolean;
  loseResponse: boolean;
  cutInFlight: boolean;
  cutUpstream: boolean;
  truncate: boolean;
  duplicate: boolean;
  /** Which copy's answer the client gets. */
  secondAnswer: boolean;
  requestDelayMs: number;
  responseDelayMs: number;
  cutAfterMs: number;
  outageMs: number;
}

/** One request's faults: every rate is drawn every time, so one seed gives one sequence of faults. */
export function decideFaults(random: Random, rates: FaultRates, maxDelay: number, outageMin: number, outageMax: number): Decision {
  const draws = Array.from({ length: 12 }, () => random());
  const delayed = draws[5]! < rates.delay;
  return {
    refuse: draws[0]! < rates.refuse,
    outage: draws[1]! < rates.outage,
    loseResponse: draws[2]! < rates.loseResponse,
    cutInFlight: draws[3]! < rates.cutInFlight,
    cutUpstream: draws[9]! < 0.5,
    truncate: draws[4]! < rates.truncate,
    duplicate: draws[10]! < rates.duplicate,
    secondAnswer: draws[11]! < 0.5,
    requestDelayMs: delayed ? Math.floor(draws[6]! * maxDelay) : 0,
    responseDelayMs: delayed ? Math.floor(draws[7]! * maxDelay) : 0,
    cutAfterMs: Math.floor(draws[8]! * 15),
    outageMs: outageMin + Math.floor(draws[8]! * (outageMax - outageMin)),
  };
}
