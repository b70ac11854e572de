interface PathParameter {
  in?: string;
  name?: string;
  description?: string;
}

type PathItem = Record<string, unknown>;

const PARAMETER = /\{([^}]+)\}/g;

const shapeOf = (path: string) => path.replace(PARAMETER, '{}');
const namesOf = (path: string) => [...path.matchAll(PARAMETER)].map((match) => match[1]!);

/**
 * The canonical names of a group of templates that are one path on the wire (`/x/{IdObservacion}` beside `/x/{id}`):
 * those of the template that serves the most operations, and among equals the one that deletes (the record the path
 * names); the other routes' own names stay in their parameters' descriptions. A `{company}` never names the group
 * where another route has a record's id: the company's parameter says so itself (`x-empresa`, see `renamed`).
 */
function canonicalNames(group: [string, PathItem][]): string[] {
  const names = group.map(([template]) => namesOf(template));
  const companyWhereOthersDiffer = (list: string[]) =>
    list.some((name, position) => name === 'company' && names.some((other) => other[position] !== 'company'));
  const weight = ([template, item]: [string, PathItem]) =>
    Object.keys(item).length * 2 + ('delete' in item ? 1 : 0) - (companyWhereOthersDiffer(namesOf(template)) ? 1000 : 0);
  const [chosen] = [...group].sort((a, b) => weight(b) - weight(a));
  return namesOf(chosen![0]);
}

function renamed(item: PathItem, from: string[], to: string[]): PathItem {
  return Object.fromEntries(
    Object.entries(item).map(([method, operation]) => {
      const parameters = (operation as { parameters?: PathParameter[] }).parameters?.map((parameter) => {
        const at = parameter.in === 'path' && parameter.name ? from.indexOf(parameter.name) : -1;
        if (at === -1 || from[at] === to[at]) return parameter;
        // The token's company under another route's name: the operation checks it against the token (requireOwnCompany).
        const company = from[at] === 'company' ? { 'x-empresa': true, description: 'El RUT de la empresa del token (company)' } : {};
        // Its own name stays beside the shared one (`x-nombre`): two routes may name the same positions crosswise
        // (GET requisitos/{company}/{id} beside DELETE requisitos/{id}/{company}).
        return { ...parameter, name: to[at], description: parameter.description ?? from[at], 'x-nombre': from[at], ...company };
      });
      return [method, parameters ? { ...(operation as object), parameters } : operation];
    }),
  );
}

/**
 * Routes that differ only in a parameter's name (a GET on `/:id` beside a DELETE on `/:IdEvaluacion`) are one path
 * of the description, named alike. The wire is untouched: Hono matches by position, never by name.
 */
export function nameParametersAlike<Item extends PathItem>(paths: Record<string, Item>): Record<string, Item> {
  const groups = new Map<string, [string, Item][]>();
  for (const entry of Object.entries(paths)) groups.set(shapeOf(entry[0]), [...(groups.get(shapeOf(entry[0])) ?? []), entry]);
  const named: Record<string, Item> = {};
  for (const entries of groups.values()) {
    const canonical = entries.length > 1 ? canonicalNames(entries) : null;
    for (const [template, item] of entries) {
      if (!canonical) {
        named[template] = item;
        continue;
      }
      let position = 0;
      const path = template.replace(PARAMETER, () => `{${canonical[position++]}}`);
      const merged = { ...named[path], ...renamed(item, namesOf(template), namesOf(path)) };
      if (named[path] && Object.keys(merged).length !== Object.keys(named[path]).length + Object.keys(item).length) {
        throw new Error(`Dos rutas con el mismo método en ${path}`);
      }
      named[path] = merged as Item;
    }
  }
  return named;
}
