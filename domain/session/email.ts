/**
 * SPEC section 5: a local part of word characters, dots or hyphens; then a domain with a top
 * level of 2 to 6 letters, or an IPv4 address; an optional 4-digit port; any letter case.
 */
const EMAIL = /^[\w.-]+@(?:(?:[\w-]+\.)+[a-z]{2,6}|(?:\d{1,3}\.){3}\d{1,3})(?::\d{4})?$/i;

const IPV4_PART_MAX = 255;

export const isValidEmail = (value: string): boolean => {
  if (!EMAIL.test(value)) return false;
  const host = value.slice(value.indexOf('@') + 1).replace(/:\d{4}$/, '');
  if (/^[\d.]+$/.test(host)) return host.split('.').every((part) => Number(part) <= IPV4_PART_MAX);
  return true;
};
