import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';

/** The active levels 2 and 3 the viewer may choose (the dashboards' level filters, the trainings screens' Niveles). */
export async function levelLists(c: Context<AppEnv>) {
  const { db, records } = c.get('deps');
  const levels = await records.niveles.listActive(db, c.get('session').company, c.get('session').viewer);
  return { nv2: levels.filter((level) => level.TipoNivel === 2), nv3: levels.filter((level) => level.TipoNivel === 3) };
}
