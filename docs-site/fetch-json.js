// @ts-check
// A JSON file of the site (a collection's entry list, its query data), fetched once per page: every caller of
// the same URL shares one request, and a failed one is forgotten, so the next call fetches it again.

/** URL -> its parsed JSON. @type {Map<string, Promise<any>>} */
const cache = new Map();
/** @param {URL | string} url */
const keyOf = (url) => new URL(url, location.href).href;

/** Whether `url` was asked for already (and has not failed): a caller that must not fetch by itself asks this first. @param {URL | string} url */
export const askedFor = (url) => cache.has(keyOf(url));

/**
 * @param {URL | string} url
 * @returns {Promise<any>}
 */
export function jsonAt(url) {
  const key = keyOf(url);
  let p = cache.get(key);
  if (!p) {
    p = fetch(key).then((r) => (r.ok ? r.json() : Promise.reject(new Error(r.statusText))));
    cache.set(key, p);
    p.catch(() => cache.delete(key));
  }
  return p;
}
