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
    <PageContent className="auth-content">
      <div className="auth-screen">
        <section className="auth-card" aria-labelledby="auth-title">
          <div className="auth-card__brand">
            <AppLogo size={40} />
            <p className="muted">Seguridad y salud en el trabajo, con o sin conexión</p>
          </div>
          <h1 id="auth-title" className="auth-card__title">
            {title}
          </h1>
          {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
          {children}
        </section>
      </div>
    </PageContent>
  );
}
