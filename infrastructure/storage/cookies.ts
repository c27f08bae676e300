import Cookies from 'js-cookie';

/** SPEC section 7: calls flagged primary use `token`; view-as calls use `secondary_token`. */
export const TOKEN_COOKIES = { primary: 'token', secondary: 'secondary_token' } as const;

/** SPEC section 9: the token cookie lives for 365 days. */
export const TOKEN_COOKIE_DAYS = 365;

export interface TokenCookies {
  primary(): string | undefined;
  secondary(): string | undefined;
  setPrimary(token: string): void;
  setSecondary(token: string): void;
  clearSecondary(): void;
  clearAll(): void;
}

export interface TokenCookieOptions {
  /** SPEC section 9: a shared cookie domain for the product's domain. */
  readonly domain?: string;
  readonly secure?: boolean;
}

/** The bearer tokens, kept where every tab of the product domain finds them. */
export const createTokenCookies = (options: TokenCookieOptions = {}): TokenCookies => {
  // Removal must repeat the path and domain the cookie was set with, so both go through one jar.
  const jar = Cookies.withAttributes({
    path: '/',
    expires: TOKEN_COOKIE_DAYS,
    sameSite: 'Lax',
    ...(options.domain ? { domain: options.domain } : {}),
    ...(options.secure ? { secure: true } : {}),
  });
  const read = (name: string): string | undefined => jar.get(name) || undefined;
  return {
    primary: () => read(TOKEN_COOKIES.primary),
    secondary: () => read(TOKEN_COOKIES.secondary),
    setPrimary: (token) => void jar.set(TOKEN_COOKIES.primary, token),
    setSecondary: (token) => void jar.set(TOKEN_COOKIES.secondary, token),
    clearSecondary: () => jar.remove(TOKEN_COOKIES.secondary),
    clearAll: () => {
      jar.remove(TOKEN_COOKIES.primary);
      jar.remove(TOKEN_COOKIES.secondary);
    },
  };
};
