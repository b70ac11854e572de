import type { ReactElement } from 'react';

/** The routes of this module inside the company area (registered by app/routes/company-area.tsx). */
export function observacionesScreens(): ReactElement[] {
  return [];
}
