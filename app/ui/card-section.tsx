import type { ReactNode } from 'react';

interface CardSectionProps {
  /** The heading gets `{id}-title`, which also names the section for screen readers. */
  id: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}

export function CardSection({ id, title, className, children }: CardSectionProps) {
  return (
    <section className={className ? `card ${className}` : 'card'} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}
