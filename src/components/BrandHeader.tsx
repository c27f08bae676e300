import type { ReactNode } from 'react';

/** The product's mark and name above a guest or participant page, with what belongs beside them (the language). */
export const BrandHeader = ({ name, children }: { name: string; children?: ReactNode }) => (
  <header className="auth-brand">
    <span className="brand-mark" aria-hidden="true" />
    <span>{name}</span>
    {children === undefined ? null : <div className="brand-aside">{children}</div>}
  </header>
);
