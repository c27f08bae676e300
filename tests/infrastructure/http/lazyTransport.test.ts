import { describe, expect, it } from 'vitest';
import { type HttpTransport, type TransportRequest, NETWORK_CODE, TransportCancelled, TransportFailure, lazyTransport } from '../../../infrastructure/http/transport';

// The dashboards' axios is fetched at the first call (infrastructure/app/runtime.ts).
const request = (signal = new AbortController().signal): TransportRequest => ({ method: 'GET', url: '/x', headers: {}, body: undefined, signal });

const recording = () => {
  const sent: string[] = [];
  const transport: HttpTransport = { request: async ({ url }) => (sent.push(url), { status: 200, body: { status: 200, data: url } }) };
  return { sent, transport };
};

describe('a transport loaded at the first call', () => {
  it('loads its module once and sends every call through it, those made while it loads too', async () => {
    const { sent, transport } = recording();
    let loads = 0;
    const lazy = lazyTransport(async () => (loads++, transport));
    const replies = await Promise.all([lazy.request(request()), lazy.request({ ...request(), url: '/y' })]);
    await lazy.request({ ...request(), url: '/z' });
    expect(loads).toBe(1);
    expect(sent).toEqual(['/x', '/y', '/z']);
    expect(replies.map((reply) => reply.status)).toEqual([200, 200]);
  });

  it('fails a call as a network failure when the module cannot be fetched, and tries again at the next call', async () => {
    const { sent, transport } = recording();
    let loads = 0;
    const lazy = lazyTransport(async () => {
      loads++;
      if (loads === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return transport;
    });
    const failed = await lazy.request(request()).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(TransportFailure);
    expect((failed as TransportFailure).code).toBe(NETWORK_CODE);
    await expect(lazy.request(request())).resolves.toMatchObject({ status: 200 });
    expect(loads).toBe(2);
    expect(sent).toEqual(['/x']);
  });

  it('sends nothing for a call cancelled while the module loads', async () => {
    const { sent, transport } = recording();
    let loaded: (value: HttpTransport) => void = () => undefined;
    const lazy = lazyTransport(() => new Promise<HttpTransport>((resolve) => (loaded = resolve)));
    const controller = new AbortController();
    const pending = lazy.request(request(controller.signal)).catch((error: unknown) => error);
    controller.abort();
    loaded(transport);
    expect(await pending).toBeInstanceOf(TransportCancelled);
    expect(sent).toEqual([]);
  });
});
