import * as t from 'io-ts';

/** SPEC section 3: a section is visible unless its entry says isShow: false. */
export const Permission = t.strict({ hash_id: t.string, attributes: t.strict({ isShow: t.boolean }) });
export type Permission = t.TypeOf<typeof Permission>;

export const isShown = (permissions: readonly Permission[], id: number): boolean =>
  !permissions.some((p) => p.hash_id === String(id) && !p.attributes.isShow);
