/** The product's mark and name above a guest or participant page. */
export const BrandHeader = ({ name }: { name: string }) => (
  <header className="auth-brand">
    <span className="brand-mark" aria-hidden="true" />
    <span>{name}</span>
  </header>
);
