import { Link, useLocation } from 'react-router-dom';
import { PageContent } from '#app/ui/page-content.tsx';
import { paths } from '#app/navigation/paths.ts';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <PageContent>
      <div className="page-body">
        <h1 className="page-title">Página no encontrada</h1>
        <p>
          La dirección <code>{pathname}</code> no existe en Andes HSE o aún no está disponible.
        </p>
        <p>
          <Link to={paths.inicio.href}>Volver al inicio</Link>
        </p>
      </div>
    </PageContent>
  );
}
