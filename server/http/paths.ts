/** The path of a request URL, without its query string. */
export const pathOf = (url: string): string => url.split('?', 1)[0] ?? '/';

export const isApiPath = (path: string): boolean => path === '/api' || path.startsWith('/api/');
