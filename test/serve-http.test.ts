import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startServer } from '../compiler/serve/server.ts';

/** A raw GET with the path sent exactly as given (fetch would normalise it). */
function get(base: string, rawPath: string, method = 'GET'): Promise<{ status: number; body: string; location?: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: rawPath, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ...(res.headers.location ? { location: res.headers.location } : {}) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the site server of rulebook serve', () => {
  it('answers a malformed request with 400 and keeps serving', async () => {
    const files = new Map<string, string>([
      ['index.html', '<!doctype html><html><head></head><body>home</body></html>'],
      ['a b.html', 'spaced'],
      ['game/index.html', 'game home'],
    ]);
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
      // With the site's own 404 page, a missing page answers with it (still status 404).
      files.set('404.html', '<!doctype html><html><head></head><body>Page not found</body></html>');
      expect(await get(server.url, '/nope.html')).toMatchObject({ status: 404, body: expect.stringContaining('Page not found') });
      files.delete('404.html');
      // A folder without its slash is sent to the folder; a POST is refused, and the server goes on.
      expect(await get(server.url, '/game')).toMatchObject({ status: 301, location: '/game/' });
      expect((await get(server.url, '/game/')).body).toBe('game home');
      expect((await get(server.url, '/', 'POST')).status).toBe(405);
      expect((await get(server.url, '/')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
