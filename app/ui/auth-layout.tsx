import type { ReactNode } from 'react';
import { AppLogo } from './app-logo.tsx';
import { PageContent } from './page-content.tsx';
import './auth-layout.css';

interface AuthLayoutProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** The card of the sign-in screens (company users and inspectors): logo, title, an optional subtitle, the form. */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  return (
    <PageContent className="brand-card-page">
      <div className="brand-card-screen">
        <section className="brand-card auth-card" aria-labelledby="auth-title">
          <div className="brand-card__brand">
            <AppLogo size={40} />
            <p className="muted">Seguridad y salud en el trabajo, con o sin conexión</p>
          </div>
          <h1 id="auth-title" className="brand-card__title">
            {title}
          </h1>
          {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
          {children}
        </section>
      </div>
    </PageContent>
  );
}
