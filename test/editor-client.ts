import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node.js';

/**
 * A language client for tests: the real yaml-language-server (the server of
 * VS Code's Red Hat YAML) over stdio, configured with the `yaml.schemas` the
 * build wrote into the project's .vscode/settings.json, as the VS Code
 * extension passes it on.
 */
const require = createRequire(import.meta.url);
const SERVER = path.join(path.dirname(require.resolve('yaml-language-server/package.json')), 'bin', 'yaml-language-server');

/**
 * Loaded into the server before it starts: any attempt to reach the network
 * (a schema's https://rulebook.dev/ `$id`, a meta-schema, the schema store)
 * is written to stderr and refused, so the test sees it however the server
 * would have reported it.
 */
const NO_NETWORK = `
const refuse = (what) => function (target) {
  process.stderr.write('NETWORK ' + what + ' ' + String((target && (target.href || target.hostname || target.host)) || target) + '\\n');
  throw new Error('the network is refused in this test');
};
for (const m of ['http', 'https']) { const mod = require(m); mod.request = refuse(m + '.request'); mod.get = refuse(m + '.get'); }
const net = require('net'); net.connect = net.createConnection = refuse('net.connect');
require('tls').connect = refuse('tls.connect');
require('dns').lookup = refuse('dns.lookup');
`;

export interface Diagnostic {
  range: { start: { line: number; character: number } };
  message: string;
}

export interface CompletionItem {
  label: string;
  documentation?: string | { value: string };
}

/** A language client with just what these tests ask of the server. */
export class Editor {
  private conn!: MessageConnection;
  private child!: ChildProcess;
  stderr = '';
  private readonly published = new Map<string, Diagnostic[]>();
  private readonly waiting: Array<() => void> = [];
  private version = 0;
  private readonly opened = new Set<string>();

  constructor(readonly root: string) {}

  async start(): Promise<void> {
    const settings = JSON.parse(await readFile(path.join(this.root, '.vscode', 'settings.json'), 'utf8')) as Record<string, unknown>;
    // The extension's defaults, but no schema store: that is a catalogue downloaded from the web, not ours to test.
    const yaml = { validate: true, hover: true, completion: true, schemas: settings['yaml.schemas'], schemaStore: { enable: false } };
    const preload = path.join(this.root, 'no-network.cjs');
    await writeFile(preload, NO_NETWORK);
    this.child = spawn(process.execPath, ['--require', preload, SERVER, '--stdio'], { cwd: this.root, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr!.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.conn = createMessageConnection(new StreamMessageReader(this.child.stdout!), new StreamMessageWriter(this.child.stdin!));
    this.conn.onRequest('workspace/configuration', (params: { items: Array<{ section?: string }> }) =>
      params.items.map((i) => (i.section === 'yaml' ? yaml : {})),
    );
    this.conn.onRequest(() => null);
    this.conn.onNotification('textDocument/publishDiagnostics', (p: { uri: string; diagnostics: Diagnostic[] }) => {
      this.published.set(p.uri, p.diagnostics);
      for (const w of this.waiting.splice(0)) w();
    });
    this.conn.onNotification(() => undefined);
    this.conn.listen();
    const uri = pathToFileURL(this.root).href;
    await this.conn.sendRequest('initialize', {
      processId: process.pid,
      rootUri: uri,
      workspaceFolders: [{ uri, name: path.basename(this.root) }],
      capabilities: {
        workspace: { configuration: true, workspaceFolders: true },
        textDocument: {
          completion: { completionItem: { documentationFormat: ['markdown', 'plaintext'] } },
          hover: { contentFormat: ['markdown', 'plaintext'] },
          publishDiagnostics: {},
        },
      },
    });
    this.conn.sendNotification('initialized', {});
    this.conn.sendNotification('workspace/didChangeConfiguration', { settings: { yaml } });
  }

  uri(rel: string): string {
    return pathToFileURL(path.join(this.root, rel)).href;
  }

  /** Open (or replace the text of) a file and return the server's diagnostics once it has published and gone quiet. */
  async open(rel: string, text?: string): Promise<Diagnostic[]> {
    const uri = this.uri(rel);
    const content = text ?? (await readFile(path.join(this.root, rel), 'utf8'));
    this.published.delete(uri);
    this.version++;
    // Open once; later texts of the same file are edits, as an editor sends them.
    if (!this.opened.has(uri))
      this.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: this.version, text: content } });
    else this.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: this.version }, contentChanges: [{ text: content }] });
    this.opened.add(uri);
    const deadline = Date.now() + 15_000;
    while (!this.published.has(uri) && Date.now() < deadline)
      await new Promise<void>((resolve) => {
        this.waiting.push(resolve);
        setTimeout(resolve, 500);
      });
    // A later publish (the schema loading after the first pass) replaces the first: wait until none comes.
    let seen = this.published.get(uri);
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 400));
      if (this.published.get(uri) === seen) return seen ?? [];
      seen = this.published.get(uri);
    }
  }

  async complete(rel: string, line: number, character: number): Promise<CompletionItem[]> {
    const result = await this.conn.sendRequest<{ items: CompletionItem[] } | CompletionItem[] | null>('textDocument/completion', {
      textDocument: { uri: this.uri(rel) },
      position: { line: line - 1, character },
    });
    return Array.isArray(result) ? result : (result?.items ?? []);
  }

  async hover(rel: string, line: number, character: number): Promise<string> {
    const result = await this.conn.sendRequest<{ contents: { value: string } } | null>('textDocument/hover', {
      textDocument: { uri: this.uri(rel) },
      position: { line: line - 1, character },
    });
    return result?.contents.value ?? '';
  }

  /** The schemas the server associates with a file (the answer the extension's status bar shows); opens it first. */
  async schemasOf(rel: string): Promise<string[]> {
    await this.open(rel);
    const result = await this.conn.sendRequest<Array<{ uri: string }>>('yaml/get/jsonSchema', this.uri(rel));
    return result.map((s) => s.uri);
  }

  async stop(): Promise<void> {
    await this.conn.sendRequest('shutdown').catch(() => undefined);
    // Awaited: a write still queued when the connection is disposed fails after the stream closes (an unhandled rejection under load).
    await this.conn.sendNotification('exit').catch(() => undefined);
    this.conn.dispose();
    this.child.kill();
  }
}

/** Where a diagnostic starts, as line:column (1-based, as `rulebook check` prints them). */
export const at = (d: Diagnostic) => `${d.range.start.line + 1}:${d.range.start.character + 1}`;
