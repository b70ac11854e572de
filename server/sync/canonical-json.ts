/** JSON with object keys sorted (by UTF-16 code units) and no spacing; `undefined` members are left out. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return (JSON.stringify(value) as string | undefined) ?? '';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i += 1) out += (i === 0 ? '' : ',') + canonicalJson(value[i]);
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  let out = '{';
  for (const name of Object.keys(record).sort()) {
    const item = record[name];
    if (item === undefined) continue;
    out += `${out.length === 1 ? '' : ','}${JSON.stringify(name)}:${canonicalJson(item)}`;
  }
  return `${out}}`;
}
