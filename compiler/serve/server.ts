import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contentSecurityPolicy } from '../emit-site/csp.ts';

/**
 * The site over HTTP on 127.0.0.1 only, straight from the build's in-memory
 * files (so a rebuild shows without a disk round trip). HTML pages get the
 * Content-Security-Policy as a header too, and a small script that listens
 * for reloads and errors on a Server-Sent Events channel.
 */
export type Files = ReadonlyMap<string, string | Uint8Array>;

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  json: 'application/json',
  xml: 'application/xml; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  wasm: 'application/wasm',
};
const LIVE_PATH = '/__rulebook/';

/** The live-reload client: reloads on `reload`, shows build errors over the last good page on `error`. */
const LIVE_JS = `// rulebook serve: live reload and the error overlay.
const source = new EventSource('/__rulebook/events');
let overlay;
source.addEventListener('reload', () => location.reload());
source.addEventListener('error-report', (event) => {
  overlay ??= document.createElement('pre');
  overlay.className = 'rb-overlay';
  overlay.setAttribute('role', 'alert');
  overlay.textContent = JSON.parse(event.data).text;
  document.body.append(overlay);
});
source.addEventListener('ok', () => { overlay?.remove(); overlay = undefined; });
`;

export interface SiteServer {
  url: string;
  /** Send an event to every open page: `reload`, `error-report` ({ text }), `ok`. */
  send(event: 'reload' | 'error-report' | 'ok', data?: unknown): void;
  close(): Promise<void>;
}

/** A file drawn on request instead of kept in `files` (the print sheets: print-pages.ts); undefined when the path is not one. */
export type DrawOnRequest = (rel: string, query: URLSearchParams) => { body: string | Uint8Array; status: number } | undefined;

export async function startServer(files: () => Files, options: { port: number; live?: boolean; drawn?: DrawOnRequest }): Promise<SiteServer> {
  const clients = new Set<ServerResponse>();
  let lastError: string | undefined;
  const server: Server = createServer((req, res) => {
    // One bad request must never take the designer's server down: answer it and keep serving.
    try {
      handle(req, res);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`rulebook serve: could not answer this request (${error instanceof Error ? error.message : String(error)})`);
    }
  });

  function handle(req: IncomingMessage, res: ServerResponse): void {
    let url: URL;
    let path: string;
    try {
      url = new URL(req.url ?? '/', 'http://127.0.0.1');
      path = decodeURIComponent(url.pathname);
    } catch {
      // A malformed URL or percent-escape (`/%E0%A4%A`) is the client's error, not ours.
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('bad request: the address is not a valid URL path');
      return;
    }
    if (options.live !== false && url.pathname === `${LIVE_PATH}events`) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      res.write(': rulebook\n\n');
      if (lastError) res.write(`event: error-report\ndata: ${JSON.stringify({ text: lastError })}\n\n`);
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    if (options.live !== false && url.pathname === `${LIVE_PATH}live.js`) {
      res.writeHead(200, { 'content-type': TYPES.js!, 'cache-control': 'no-store' });
      res.end(LIVE_JS);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      // A static site: nothing to post to.
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      res.end('method not allowed: this server only serves the rules site');
      return;
    }
    let rel = path.replace(/^\/+/, '');
    // A folder asked for without its slash (`/cangaco`): send the reader to it, as static hosts do, so relative links work.
    const drawn = (p: string) => options.drawn?.(p, url.searchParams);
    if (rel !== '' && !rel.endsWith('/') && !files().has(rel) && (files().has(`${rel}/index.html`) || drawn(`${rel}/index.html`))) {
      res.writeHead(301, { location: `${url.pathname}/${url.search}` });
      res.end();
      return;
    }
    if (rel === '' || rel.endsWith('/')) rel += 'index.html';
    const made = files().has(rel) || rel.split('/').includes('..') ? undefined : drawn(rel);
    const body = files().get(rel) ?? made?.body;
    if (body === undefined || rel.split('/').includes('..')) {
      // The site's own "page not found" (with its search and links home), as a static host serves it; plain text
      // only for a site without one.
      const notFound = files().get('404.html');
      if (typeof notFound === 'string') {
        res.writeHead(404, { 'content-type': TYPES.html!, 'cache-control': 'no-cache', 'content-security-policy': contentSecurityPolicy() });
        res.end(notFound);
      } else {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`not found: /${rel}`);
      }
      return;
    }
    const ext = rel.slice(rel.lastIndexOf('.') + 1);
    const headers: Record<string, string> = { 'content-type': TYPES[ext] ?? 'application/octet-stream', 'cache-control': 'no-cache' };
    let out = body;
    if (ext === 'html') {
      headers['content-security-policy'] = contentSecurityPolicy();
      if (options.live !== false && typeof body === 'string')
        out = body.replace('</head>', `<script type="module" src="${LIVE_PATH}live.js"></script>\n</head>`);
    }
    res.writeHead(made?.status ?? 200, headers);
    res.end(out);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    send(event, data) {
      if (event === 'error-report') lastError = (data as { text: string }).text;
      if (event === 'ok' || event === 'reload') lastError = undefined;
      for (const c of clients) c.write(`event: ${event}\ndata: ${JSON.stringify(data ?? {})}\n\n`);
    },
    async close() {
      for (const c of clients) c.end();
      clients.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
