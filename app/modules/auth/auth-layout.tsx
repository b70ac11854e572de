import type { ReactNode } from 'react';
import { AppLogo } from '#app/ui/app-logo.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import './auth.css';

interface AuthLayoutProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

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
