// Preloaded with NODE_OPTIONS=--import by test/determinism.test.ts: every
// directory listing comes back in a random order, as another file system (or
// the same one after a copy) may give it. A build whose output follows the
// listing order instead of sorting would differ under this module.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

/** A random permutation that is never the order given (reversed when chance gives it back), so the test cannot pass by luck. */
function shuffle(list) {
  if (!Array.isArray(list) || list.length < 2) return list;
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out.every((x, i) => x === list[i]) ? out.reverse() : out;
}

const readdirSync = fs.readdirSync;
fs.readdirSync = (...args) => shuffle(readdirSync(...args));
const readdir = fs.readdir;
fs.readdir = (...args) => {
  const callback = args.pop();
  return readdir(...args, (error, list) => callback(error, error ? list : shuffle(list)));
};
const promised = fs.promises.readdir;
fs.promises.readdir = async (...args) => shuffle(await promised(...args));
// `import { readdir } from 'node:fs/promises'` binds to the built-in's export: make it see the patched functions.
syncBuiltinESMExports();
globalThis.__rulebookShuffledReaddir = true;
