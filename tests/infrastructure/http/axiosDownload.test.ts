// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { endpoint } from '../../../domain/contracts/endpoint';
import { counterIds } from '../../../domain/kernel/clock';
import { createApiClient, isApiFailure } from '../../../infrastructure/http/client';
import { axiosTransport } from '../../../infrastructure/http/axiosTransport';
import { outcomeOf } from './fakeNetwork';

// The dashboards download exports through axios. In a browser axios sends with XMLHttpRequest,
// which answers a Blob (its Node adapter answers a Buffer, so realNetwork.test.ts checks
// downloads over fetch only): jsdom's XMLHttpRequest against a local server shows the browser's path.
let server: Server;
let baseURL = '';

beforeAll(async () => {
  // Browsers' Blob reads itself as text (the transport reads a refused download's JSON so); jsdom's lacks the method.
  if (typeof Blob.prototype.text !== 'function') {
    Blob.prototype.text = function text(this: Blob) {
      return new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error);
        reader.readAsText(this);
      });
    };
  }
  server = createServer((request, response) => {
    // jsdom's page is another origin than this server: the answers allow it, as the same origin would.
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': 'Accept, Content-Type, X-Locale, Authorization',
      'Access-Control-Expose-Headers': 'Content-Disposition, Retry-After',
    };
    if (request.method === 'OPTIONS') response.writeHead(204, cors).end();
    else if (request.url === '/api/file') {
      response.writeHead(200, { ...cors, 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="figures.csv"' }).end('a,b\n1,2\n');
    } else {
      response.writeHead(403, { ...cors, 'Content-Type': 'application/json' }).end(JSON.stringify({ status: 403, message: 'You do not have permission.' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const client = () =>
  createApiClient({
    transport: axiosTransport({ baseURL, timeoutMs: 2000 }),
    getLocale: () => 'en',
    isSignedIn: () => true,
    cookies: { primary: () => 'primary-token', secondary: () => undefined },
    report: () => undefined,
    ids: counterIds(),
  });

describe('a download through axios in a browser', () => {
  it('answers a Blob with the name the server gave it', async () => {
    const outcome = await outcomeOf(client().download(endpoint({ method: 'GET', path: '/file' })));
    expect(outcome.kind).toBe('value');
    const file = (outcome as { values: { blob: Blob; fileName: string | null }[] }).values[0]!;
    expect(file.fileName).toBe('figures.csv');
    expect(await file.blob.text()).toBe('a,b\n1,2\n');
  });

  it('reads a refused download’s JSON message', async () => {
    const outcome = await outcomeOf(client().download(endpoint({ method: 'GET', path: '/file-refused' })));
    expect(outcome.kind).toBe('error');
    const error = (outcome as { error: unknown }).error;
    expect(isApiFailure(error) && [error.code, error.message]).toEqual([403, 'You do not have permission.']);
  });
});
