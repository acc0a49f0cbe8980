// `npm run bench -- --cards 30000 --search`: field queries answered in the
// browser over the synthetic game's site (issue #22's target: under 300 ms a
// query), written to bench/RESULTS.md's search section. The measuring is
// site-at-size.ts --browser's (it builds the site, serves it, asks each query
// first and warm in Chromium); this file runs it in a fresh process per size
// and writes the figures and the verdict.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { machine, machineLine, writeResults } from './report.ts';

const QUERY_TARGET_MS = 300;

interface QueryFigure {
  firstMs: number;
  warmMs: number;
  matches: string;
}
interface SiteReport {
  cards: number;
  fieldQueries?: { columnsBytes: number; textBytes: number; textChunks: number; queries: Record<string, QueryFigure> };
}

const SITE_AT_SIZE = fileURLToPath(new URL('./site-at-size.ts', import.meta.url));

export async function searchBench(root: string, sizes: readonly number[], log: (line: string) => void): Promise<void> {
  const m = machine(root);
  const reports: SiteReport[] = [];
  for (const cards of sizes) {
    log(`search: building and querying the ${cards}-card site in Chromium…`);
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', SITE_AT_SIZE, '--cards', String(cards), '--runs', '1', '--browser'], {
      cwd: root,
      maxBuffer: 64 << 20,
    });
    reports.push(JSON.parse(stdout.trim().split('\n').pop()!) as SiteReport);
  }
  const lines = [
    '## Field queries in the browser (issue #22)',
    '',
    `Measured ${machineLine(m)}. The synthetic game's site built and served from memory, each query typed into the search box of its Cards page in Chromium (/usr/bin/chromium) and timed in the page (data fetched, answered, the first results drawn: \`data-query-ms\`), each asked twice in one page, in the order shown: the first time (the page's first query fetches the cards' columns, the first that reads text, a bare word, \`text:\` or a name, fetches the text chunks), then again, warm.`,
    '',
    '| cards | query | first | warm | answer | |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  const verdicts: Array<{ cards: number; query: string; firstMs: number; met: boolean }> = [];
  for (const r of reports) {
    for (const [query, f] of Object.entries(r.fieldQueries?.queries ?? {})) {
      const met = f.firstMs < QUERY_TARGET_MS;
      verdicts.push({ cards: r.cards, query, firstMs: f.firstMs, met });
      lines.push(`| ${r.cards.toLocaleString('en')} | \`${query.replace(/\|/g, '\\|')}\` | ${f.firstMs} ms | ${f.warmMs} ms | ${f.matches} | ${met ? 'met' : '**missed**'} |`);
    }
    if (r.fieldQueries) lines.push(`| ${r.cards.toLocaleString('en')} | data | columns ${(r.fieldQueries.columnsBytes / 1024).toFixed(0)} KB | text ${(r.fieldQueries.textBytes / 1048576).toFixed(1)} MB in ${r.fieldQueries.textChunks} chunks | | |`);
  }
  lines.push('', `Target: every query under ${QUERY_TARGET_MS} ms the first time it is asked.`);
  await writeResults(root, 'search', lines.join('\n'), { machine: m, reports, verdicts });
  for (const v of verdicts) log(`${v.met ? 'met   ' : 'MISSED'}  ${v.cards} cards \`${v.query}\`: ${v.firstMs} ms (target ${QUERY_TARGET_MS} ms)`);
  log('written: bench/RESULTS.md (its search section), bench/results.json');
}
