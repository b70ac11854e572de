import { useEffect, useState } from 'react';
import { fetchInspectorSettings } from './fiscales-api.ts';

/** The institutional suffix the server accepts (a setting, spec 5), shown on the registration form. */
export function useInspectorDomain(): string | null {
  const [domain, setDomain] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetchInspectorSettings()
      .then((settings) => live && setDomain(settings.DominioInstitucional))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return domain;
}
