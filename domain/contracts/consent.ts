import * as t from 'io-ts';
import { endpoint } from './endpoint';

export const CookiePolicy = t.strict({
  version: t.number,
  consentKey: t.string,
  things: t.array(t.strict({ name: t.string, where: t.keyof({ cookie: null, localStorage: null }), essential: t.boolean, purpose: t.string })),
});
export type CookiePolicy = t.TypeOf<typeof CookiePolicy>;

/** SPEC section 7: GET accept-cookie. Public: what the product keeps in the browser and which of it needs consent. */
export const acceptCookie = endpoint({ method: 'GET', path: '/accept-cookie', data: CookiePolicy });
