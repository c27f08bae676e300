/**
 * Where to go back to after signing in: the page a guest was turned away from (its path and
 * query), kept only when it is a page of this product. Anything else (another site, a protocol
 * relative '//host', a backslash trick, a guest page such as the sign-in page) gives undefined.
 */
export const safeReturnPath = (value: unknown): string | undefined => {
  if (typeof value !== 'string' || value.length > 2000) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  if (/[\u0000-\u001f]/u.test(value)) return undefined;
  const path = value.split(/[?#]/u)[0] ?? '';
  // Only the signed-in pages: a guest page would send a member straight back to the dashboard.
  return path === '/dashboard' || path.startsWith('/dashboard/') || path === '/slide-show' ? value : undefined;
};
