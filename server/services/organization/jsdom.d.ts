// jsdom ships no types and @types/jsdom is not installed: only what the logo sanitiser uses.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { readonly contentType?: string });
    readonly window: Window & typeof globalThis;
  }
}
