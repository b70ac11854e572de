import { menuParent } from './module-manifest.ts';

/**
 * Drawer parents that hold entries of several modules (the dashboards, the users' settings). A parent of one module
 * only is written in that module's manifest.
 */
export const USUARIOS_PARENT = menuParent(4, 1, 1, 'Usuarios');
export const DASHBOARD_PARENT = menuParent(12, 4, 1, 'Dashboard');
