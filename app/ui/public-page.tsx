import type { ReactNode } from 'react';
import { AppLogo } from './app-logo.tsx';
import { PageContent } from './page-content.tsx';
import './public-page.css';

/**
 * A page of the open area (`/verificar/...`): reachable signed out and signed in, offline too, without the app's
 * shell or menu: what a labour inspector opens from a QR code on paper.
 */
export function PublicPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageContent className="brand-card-page">
      <main className="brand-card-screen">
        <section className="brand-card public-page__card" aria-labelledby="public-page-title">
          <div className="brand-card__brand">
            <AppLogo size={36} />
            <p className="muted">Seguridad y salud en el trabajo</p>
          </div>
          <h1 id="public-page-title" className="brand-card__title public-page__title">
            {title}
          </h1>
          {children}
        </section>
      </main>
    </PageContent>
  );
}
