import { describe, expect, it } from 'vitest';
import * as runtime from '../compiler/rules/runtime.ts';
import { runtimeModuleText } from '../compiler/rules/runtime-source.ts';

// The helpers are one module per job in compiler/rules/runtime/; the package gets them joined into one
// runtime module. These hold the join to what the compiler runs (the package's strict type-check is in
// hostile-names.test.ts and package.test.ts).
describe("the package's runtime, joined from compiler/rules/runtime/", () => {
  const text = runtimeModuleText();

  it('exports exactly the helpers (and the error class) compiled rules have in scope at build time', () => {
    const exported = [...text.matchAll(/^export (?:function|class) (\w+)/gm)].map((m) => m[1]).sort();
    expect(exported).toEqual(Object.keys(runtime).sort());
  });

  it('keeps the shared field readers in it but out of its exports', () => {
    expect(text).toMatch(/^function get\(/m);
    expect(text).toMatch(/^function overridesOf\(/m);
    expect(text).toMatch(/^type Overriding = /m);
    expect(text).not.toMatch(/^export (function|type) (get|overridesOf|Overriding)\b/m);
  });

  it('holds no imports: once joined, the parts are one scope', () => {
    expect(text).not.toMatch(/^import\b/m);
  });
});
