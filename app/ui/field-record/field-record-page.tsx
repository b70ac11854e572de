import type { ReactNode } from 'react';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { PageContent } from '#app/ui/page-content.tsx';

interface FieldRecordPageProps<Draft> {
  heading: ReactNode;
  /** Why the record cannot be worked on here (no permission, not on this device, already finished); null when it can. */
  notice: { text: string; tone: 'warning' | 'info' } | null;
  /** Undefined while it is read; null when this device has none yet. */
  draft: Draft | null | undefined;
  /** What shows when there is no draft: how to start one, or that it is not here. */
  missing: ReactNode;
  className?: string;
  children: (draft: Draft) => ReactNode;
}

/** The screen of a field record being worked on at the worksite: its heading, then why not, or the draft. */
export function FieldRecordPage<Draft>({ heading, notice, draft, missing, className = '', children }: FieldRecordPageProps<Draft>) {
  return (
    <PageContent>
      <div className={`page-body ${className}`.trim()}>
        {heading}
        {notice ? (
          <p className={`notice notice--${notice.tone}`}>{notice.text}</p>
        ) : draft === undefined ? (
          <PageLoading />
        ) : draft === null ? (
          missing
        ) : (
          children(draft)
        )}
      </div>
    </PageContent>
  );
}
