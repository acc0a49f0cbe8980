import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startServer } from '../compiler/serve/server.ts';

/** A raw GET with the path sent exactly as given (fetch would normalise it). */
function get(base: string, rawPath: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: rawPath, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the site server of rulebook serve', () => {
  it('answers a malformed request with 400 and keeps serving', async () => {
    const files = new Map<string, string>([['index.html', '<!doctype html><html><head></head><body>home</body></html>'], ['a b.html', 'spaced']]);
    const server = await startServer(() => files, { port: 0, live: false });
    try {
      const bad = await get(server.url, '/%E0%A4%A');
      expect(bad.status).toBe(400);
      expect(bad.body).toContain('bad request');
      expect((await get(server.url, '/%ZZ')).status).toBe(400);
      const home = await get(server.url, '/');
      expect(home.status).toBe(200);
      expect(home.body).toContain('home');
      expect((await get(server.url, '/a%20b.html')).body).toBe('spaced');
      expect((await get(server.url, '/../../etc/passwd')).status).toBe(404);
      expect((await get(server.url, '/nope.html')).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
