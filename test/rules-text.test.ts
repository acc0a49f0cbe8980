import { describe, expect, it } from 'vitest';
import { renderScoring } from '../compiler/rules/render.ts';
import { stateModel } from '../compiler/rules/state.ts';
import type { Manifest } from '../compiler/model.ts';

// The sentences rendered from the scoring DSL name what the manifest declares, never a field's name.
const manifest = {
  id: 'mini', name: 'Mini', locale: 'en', collections: {},
  declarations: { resources: [{ id: 'cachaca', name: 'Cachaça' }, { id: 'ammunition', name: 'Ammunition' }] },
  endState: { type: 'MiniEndState', fields: {
    cachaca: { kind: 'count', resource: 'cachaca', nounPlural: 'markers' },
    ammunition: { kind: 'count', resource: 'ammunition', nounPlural: 'markers' },
  } },
} as unknown as Manifest;

describe('rules text for a resource count', () => {
  const state = stateModel(manifest, (name) => (name === 'resources' ? new Map([['cachaca', 'Cachaça'], ['ammunition', 'Ammunition']]) : undefined))!;

  it('"for each" names the printed resource, not the field', () => {
    const text = renderScoring({ op: 'per', points: 2, each: { field: 'cachaca' } } as never, state);
    expect(text).toContain('each Cachaça marker');
    expect(text).not.toMatch(/\bcachaca\b/);
  });

  it('"if you have" names the printed resource, not the field', () => {
    const text = renderScoring({ op: 'if', points: 3, has: { field: 'ammunition' } } as never, state);
    expect(text).toContain('Ammunition markers');
    expect(text).not.toMatch(/\bammunition\b/);
  });
});
