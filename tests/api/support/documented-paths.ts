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
