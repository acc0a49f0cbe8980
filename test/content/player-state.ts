// A Cangaceiros player state as the worked examples give one: the fields they name, and every other field the rules
// read (the package refuses a state without one) at 0, none or the first terrain, read from the package's own
// shipped schema, as an engine starting a player would.
import { readFileSync } from 'node:fs';
import type { PlayerState } from '../../generated/cangaceiros.js';

type Property = { type?: string; enum?: string[] };
const stateSchema = JSON.parse(readFileSync(new URL('../../generated/cangaceiros.player-state.schema.json', import.meta.url), 'utf8')) as {
  required: string[];
  properties: Record<string, Property>;
};

export const player = (given: Record<string, unknown>): PlayerState =>
  ({
    ...Object.fromEntries(
      stateSchema.required.map((f) => {
        const p = stateSchema.properties[f]!;
        return [f, p.type === 'integer' ? 0 : p.type === 'object' ? {} : p.enum?.[0]];
      }),
    ),
    ...given,
  }) as PlayerState;
