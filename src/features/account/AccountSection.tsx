import type { ReactNode } from 'react';

/** Props of {@link AccountSection}. */
export interface AccountSectionProps {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}

/** One titled card of the account page. */
export function AccountSection({ id, title, description, children }: AccountSectionProps) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      style={{
        padding: 24,
        borderRadius: 12,
        background: 'var(--panel-card-gradient)',
        border: '1px solid var(--panel-card-border)',
        boxShadow: 'var(--panel-card-shadow)',
        minWidth: 0,
      }}
    >
      <h2 id={`${id}-title`} style={{ marginTop: 0, fontSize: 18 }}>
        {title}
      </h2>
      {description ? <p style={{ marginTop: -4, opacity: 0.75 }}>{description}</p> : null}
      {children}
    </section>
  );
}
