interface DocumentedParameter {
  in?: string;
  name?: string;
  'x-empresa'?: boolean;
}

/**
 * An operation's path as it is called: where the description names a path alike for two routes (a company read
 * beside a delete by id), the operation's own parameter says it is the token's company (`x-empresa`), and the path
 * gets its `{company}` back.
 */
export function operationPath(path: string, operation: { parameters?: DocumentedParameter[] }): string {
  const company = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path' && parameter['x-empresa']);
  return company.reduce((named, parameter) => named.replace(`{${parameter.name}}`, '{company}'), path);
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
  in: string;
  schema?: { format?: string; pattern?: string };
}

/** A documented path with values its parameters accept: the given company and user, a UUID or a number naming nothing. */
export function concretePath(path: string, parameters: DocumentedPathParameter[], own: { company: string; user: number }): string {
  return path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    if (name === 'company') return own.company;
    if (name === 'user') return String(own.user);
    const schema = parameters.find((parameter) => parameter.name === name)?.schema;
    if (schema?.format === 'uuid') return '0193f2a0-6c1e-7a10-8b2e-00000000beef';
    if (schema?.pattern?.includes('\\d')) return '999999';
    return 'no-existe';
  });
}
