interface DocumentedParameter {
  in?: string;
  name?: string;
  'x-empresa'?: boolean;
  /** The route's own name for a parameter the description names alike with another route's. */
  'x-nombre'?: string;
}

/**
 * An operation's path as it is called: where the description names a path alike for two routes (a company read
 * beside a delete by id), the operation's own parameter says it is the token's company (`x-empresa`), and the path
 * gets its `{company}` back; a parameter named `company` only for the other route's sake gets its own name back.
 */
export function operationPath(path: string, operation: { parameters?: DocumentedParameter[] }): string {
  const pathParameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
  const own = new Map(pathParameters.map((parameter) => [parameter.name, parameter]));
  return path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const parameter = own.get(name);
    if (parameter?.['x-empresa']) return '{company}';
    // Named `company` here for another route's sake, it is this route's record (a delete by {id}/{company}).
    if (name === 'company' && parameter?.['x-nombre']) return `{${parameter['x-nombre']}}`;
    return `{${name}}`;
  });
}

/** Writes a device never queues: signing in and out, the batch itself, file uploads, the inspectors' own portal. */
const NOT_QUEUED = /^\/api\/(auth|sync|files|fiscales)\//;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A documented call a device's outbox may queue, and so may arrive alone or as a batch entry. */
export function isQueuedWrite(method: string, path: string): boolean {
  return WRITE_METHODS.has(method.toUpperCase()) && !NOT_QUEUED.test(path);
}

export interface DocumentedPathParameter {
  name: string;
  'x-nombre'?: string;
  in: string;
  schema?: { format?: string; pattern?: string };
}

/** A documented path with values its parameters accept: the given company and user, a UUID or a number naming nothing. */
export function concretePath(path: string, parameters: DocumentedPathParameter[], own: { company: string; user: number }): string {
  return path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    if (name === 'company') return own.company;
    if (name === 'user') return String(own.user);
    const parameter = parameters.find((candidate) => candidate.name === name) ?? parameters.find((candidate) => candidate['x-nombre'] === name);
    const schema = parameter?.schema;
    if (schema?.format === 'uuid') return '0193f2a0-6c1e-7a10-8b2e-00000000beef';
    if (schema?.pattern?.includes('\\d')) return '999999';
    return 'no-existe';
  });
}
