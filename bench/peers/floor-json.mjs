#!/usr/bin/env node
// floor-json.mjs — the minimal work for JSON data, as floor.mjs is for YAML: read + JSON.parse + ajv 2020
// (strict, allErrors) validation + refersTo/duplicate-id resolution, one thread. JSON.parse keeps no
// places, so an issue is located by its file and JSON pointer (a clean run, the measured one, needs none).
// Usage: node floor-json.mjs <dir> [--errors N]   (prints one JSON line; exit 1 if any issue)
// Reads every .json file in <dir>: a list of cards, or one card.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Ajv2020 from 'ajv/dist/2020.js';

const tImport = performance.now(); // ms since process start, after module loading
const dir = process.argv[2] ?? 'data/n1000';
const showErrors = Number(process.argv[process.argv.indexOf('--errors') + 1] || 5);

const schema = JSON.parse(readFileSync(new URL('./card.schema.json', import.meta.url), 'utf8'));
const ajv = new Ajv2020({ strict: true, allErrors: true, discriminator: true });
const validate = ajv.compile(schema);
const tCompiled = performance.now();

const issues = [];
const byId = new Map(); // id -> location
const refs = []; // [refersTo, location]
let files = 0;
let cards = 0;
let bytes = 0;
const names = readdirSync(dir).filter((n) => n.endsWith('.json')).sort();
for (const name of names) {
  const file = join(dir, name);
  const src = readFileSync(file, 'utf8');
  bytes += src.length;
  files++;
  let js;
  try {
    js = JSON.parse(src);
  } catch (e) {
    issues.push(`${file}: JSON ${e.message}`);
    continue;
  }
  const isArr = Array.isArray(js);
  const list = isArr ? js : [js];
  for (let i = 0; i < list.length; i++) {
    const card = list[i];
    const at = isArr ? `${file}#/${i}` : `${file}#`;
    cards++;
    if (!validate(card)) {
      for (const e of validate.errors) issues.push(`${at}${e.instancePath}: ${e.message}`);
      if (typeof card?.id === 'string' && !byId.has(card.id)) byId.set(card.id, at); // avoid cascading ref errors
      continue;
    }
    if (byId.has(card.id)) issues.push(`${at}/id: duplicate id '${card.id}' (first at ${byId.get(card.id)})`);
    else byId.set(card.id, at);
    refs.push([card.refersTo, `${at}/refersTo`]);
  }
}
for (const [to, at] of refs) {
  if (!byId.has(to)) issues.push(`${at}: refersTo '${to}' does not resolve`);
}
const tDone = performance.now();
console.log(
  JSON.stringify({
    tool: 'floor-json',
    dir,
    files,
    cards,
    mbytes: +(bytes / 1e6).toFixed(2),
    issues: issues.length,
    importMs: Math.round(tImport),
    compileMs: Math.round(tCompiled - tImport),
    workMs: Math.round(tDone - tCompiled),
    totalMs: Math.round(tDone),
    heapMB: Math.round(process.memoryUsage().heapUsed / 1048576),
  }),
);
for (const m of issues.slice(0, showErrors)) console.error(m);
process.exitCode = issues.length ? 1 : 0;
