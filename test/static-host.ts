import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.xml': 'application/xml',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
};

export interface StaticHost {
  /** `http://127.0.0.1:<port>`; the site is at origin + base. */
  origin: string;
  close(): Promise<void>;
}

/**
 * A static host as GitHub Pages is one for a project site: the files of `dir`
 * under the URL path `base` only, a 404 for anything else or any missing file.
 * The publish tests serve a built site through it, so a link that climbs
 * above the base, or forgets it, fails.
 */
export function staticHost(dir: string, base: string): Promise<StaticHost> {
  const server = createServer((req, res) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://host').pathname);
      if (!pathname.startsWith(base)) return void res.writeHead(404).end();
      const rel = pathname.slice(base.length) || 'index.html';
      const file = path.resolve(dir, rel.endsWith('/') ? `${rel}index.html` : rel);
      if (!file.startsWith(dir + path.sep)) return void res.writeHead(404).end();
      try {
        const body = await readFile(file);
        res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
      } catch {
        res.writeHead(404).end();
      }
    })();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}
