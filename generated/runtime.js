// Runtime helpers shared by the compiled rules, joined from compiler/rules/runtime/*.ts. The compiler
// imports the same modules to run `examples:` at build time, so the build and the engine package run the same code.
// Scoring helpers: per-player score lists, as the compiled scoring rules compute them.
/**
 * Rank players by `values` and give each the award of its place. Ties share
 * the best place they hold and the places they fill are skipped (two tied for
 * most both take awards[0], the next player takes awards[2]); places beyond
 * the awards score 0.
 */
export function rankSharePlace(values, order, awards) {
    return values.map((v) => {
        const better = values.filter((w) => (order === 'most' ? w > v : w < v)).length;
        return awards[better] ?? 0;
    });
}
/** Element-wise sum of several per-player score lists. */
export function addScores(lists, players) {
    const out = new Array(players).fill(0);
    for (const list of lists)
        list.forEach((v, i) => (out[i] = (out[i] ?? 0) + v));
    return out;
}
/** How many entries of a list repeat an earlier one. */
export function repeatedCount(values) {
    return values.length - new Set(values).size;
}
/** A count field, or a keyed count summed over `keys` (over every key when none). */
export function readCount(state, field, keys) {
    const v = state[field];
    if (typeof v === 'number')
        return v;
    if (v && typeof v === 'object')
        return (keys ?? Object.keys(v)).reduce((n, k) => n + (v[k] ?? 0), 0);
    return 0;
}
function withCount(state, field, value) {
    return { ...state, [field]: value };
}
/** Lose up to `amount`: counts never go below 0. */
export function lose(state, field, amount) {
    return withCount(state, field, Math.max(0, readCount(state, field) - amount));
}
export function gain(state, field, amount) {
    return withCount(state, field, readCount(state, field) + amount);
}
/**
 * Pay `cost` once per unit while it can be afforded; each unit that cannot be
 * paid costs `shortfall` instead (the player may not choose to skip a payment).
 */
export function payEach(state, units, costField, cost, shortfallField, shortfall) {
    const affordable = Math.min(units, Math.floor(readCount(state, costField) / cost));
    const paid = lose(state, costField, affordable * cost);
    return lose(paid, shortfallField, (units - affordable) * shortfall);
}
/** Move everything counted under `keys` of a keyed count (or a whole count) into another count. */
export function moveAll(state, from, keys, to) {
    const moved = readCount(state, from, keys);
    const source = state[from];
    let next;
    if (source && typeof source === 'object') {
        const rest = { ...source };
        for (const k of keys ?? Object.keys(source))
            rest[k] = 0;
        next = { ...state, [from]: rest };
    }
    else
        next = withCount(state, from, 0);
    return gain(next, to, moved);
}
/** What an effect changed: field -> difference (keyed counts compared by their totals). */
export function changes(before, after) {
    const out = {};
    for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
        if (typeof before[field] === 'string' || typeof after[field] === 'string')
            continue;
        const d = readCount(after, field) - readCount(before, field);
        if (d !== 0)
            out[field] = d;
    }
    return out;
}
// Reading the fields game.yaml names from generated entities, shared by the movement and table helpers
// (internal: the package does not export them).
/** Read a field named in game.yaml from a generated entity (whose interface has no index signature). */
function get(entity, field) {
    return entity?.[field];
}
/** The overrides of one `kind` in an entry's override list (none when it has no such list). */
function overridesOf(entry, field, kind) {
    const list = get(entry, field);
    return Array.isArray(list) ? list.filter((o) => o.kind === kind) : [];
}
export function makeMover(entries, graph, spec, stepOverride) {
    const side = (id) => {
        const entry = entries.find((e) => e.id === id);
        if (!entry)
            throw new Error(`unknown graph ${id}`);
        return entry;
    };
    const nodesOf = (id) => (get(side(id), graph.nodes) ?? []);
    const kindOf = (sideId, node) => String(nodesOf(sideId).find((n) => n.id === node)?.[graph.kindField] ?? '');
    const neighbours = (sideId, from) => {
        const out = [];
        for (const e of (get(side(sideId), graph.edges) ?? [])) {
            if (!spec.edges.includes(e.kind))
                continue;
            const other = e.a === from ? e.b : e.b === from ? e.a : undefined;
            if (other !== undefined && !out.includes(other))
                out.push(other);
        }
        return out;
    };
    const mayEnter = (sideId, node, round) => {
        const kind = kindOf(sideId, node);
        if (spec.neverEnter?.includes(kind))
            return false;
        const first = spec.enterFromRound?.[kind];
        return first === undefined || (round !== undefined && round >= first);
    };
    const extraSteps = (by) => {
        if (!stepOverride || !by?.[stepOverride.collection])
            return 0;
        const entry = stepOverride.entries.find((e) => e.id === by[stepOverride.collection]);
        return overridesOf(entry, stepOverride.field, stepOverride.kind).reduce((n, o) => n + Number(o[stepOverride.addSteps] ?? 0), 0);
    };
    const reach = (sideId, from, options = {}) => {
        // Breadth-first over the nodes the mover may enter, as many steps as it has.
        const steps = 1 + extraSteps(options.by);
        const seen = new Set([from]);
        const out = [];
        let frontier = [from];
        for (let step = 0; step < steps; step++) {
            const next = [];
            for (const here of frontier) {
                for (const n of neighbours(sideId, here)) {
                    if (seen.has(n) || !mayEnter(sideId, n, options.round))
                        continue;
                    seen.add(n);
                    out.push(n);
                    next.push(n);
                }
            }
            frontier = next;
        }
        return out;
    };
    const next = (sideId, from, situation) => {
        const targets = spec.targets ?? [];
        const isTarget = (p) => targets.some((t) => t.piece === p.kind);
        if (spec.stayIfTargetHere && situation.pieces.some((p) => p.node === from && isTarget(p)))
            return { move: 'stay', reason: 'target-here' };
        const candidates = reach(sideId, from, situation);
        for (const target of targets) {
            const score = (p) => (target.by && p.owner !== undefined ? (situation.scores?.[p.owner]?.[target.by] ?? 0) : 0);
            const best = new Map();
            for (const p of situation.pieces) {
                if (p.kind !== target.piece || !candidates.includes(p.node))
                    continue;
                const s = score(p);
                const have = best.get(p.node);
                if (have === undefined || (target.rank === 'most' ? s > have : s < have))
                    best.set(p.node, s);
            }
            if (!best.size)
                continue;
            const top = target.rank === 'most' ? Math.max(...best.values()) : Math.min(...best.values());
            const among = candidates.filter((n) => best.get(n) === top);
            if (among.length === 1)
                return { move: 'to', node: among[0], reason: 'target', target: target.piece };
            return { move: 'choice', among, chooser: spec.ties ?? 'any', target: target.piece };
        }
        if (spec.followsArrows && graph.arrows) {
            const arrow = (get(side(sideId), graph.arrows) ?? []).find((a) => a.from === from);
            if (arrow && mayEnter(sideId, arrow.to, situation.round))
                return { move: 'to', node: arrow.to, reason: 'arrow' };
        }
        return { move: 'stay', reason: 'no-way' };
    };
    // The closures work on plain strings; the game's unions are the public face.
    return { neighbours, mayEnter, reach, next };
}
/**
 * The row of a table whose `key` equals `n`, or the "or more" row for larger
 * numbers; an overriding entry (a chief) may subtract from `n` first.
 * Returns undefined when no row applies (fewer than the first row's key).
 */
export function lookupRow(rows, key, orMore, n, override) {
    let value = n;
    if (override)
        for (const o of overridesOf(override.entry, override.field, override.kind))
            value -= Number(o[override.subtract] ?? 0);
    const exact = rows.find((r) => get(r, key) === value);
    if (exact)
        return exact;
    const open = rows.filter((r) => orMore && get(r, orMore) === true && Number(get(r, key)) <= value);
    return open.sort((a, b) => Number(get(b, key)) - Number(get(a, key)))[0];
}
/**
 * A field of an entry (a dotted path), replaced by an overriding entry's
 * override of `kind` whose `key` names this entry: the override's fields
 * other than kind and key take the place of the value's.
 */
export function valueWithOverride(entries, id, path, override) {
    const entry = entries.find((e) => e.id === id);
    let value = path.split('.').reduce((v, k) => get(v, k), entry);
    if (override) {
        const o = overridesOf(override.entry, override.field, override.kind).find((x) => x[override.key] === id);
        if (o) {
            const { kind: _kind, [override.key]: _key, ...fields } = o;
            value = { ...(value ?? {}), ...fields };
        }
    }
    return value;
}
/**
 * Players in order: highest score first, then each tie-breaker in turn
 * (`{ fewest: field }` or `{ most: field }` of the state); players equal on
 * all of them share a place (the rulebook's "share the victory").
 */
export function rankPlayers(states, score, tieBreakers) {
    const keys = states.map((s) => [score(s), ...tieBreakers.map((t) => (t.most ? readCount(s, t.most) : -readCount(s, t.fewest ?? '')))]);
    const compare = (a, b) => {
        for (let i = 0; i < a.length; i++)
            if (a[i] !== b[i])
                return (b[i] ?? 0) - (a[i] ?? 0);
        return 0;
    };
    const order = states.map((_, i) => i).sort((a, b) => compare(keys[a], keys[b]) || a - b);
    return order.map((player) => ({ player, place: 1 + order.filter((o) => compare(keys[o], keys[player]) < 0).length, score: keys[player][0] }));
}
/** Freeze a value and everything in it: the data is shared by every caller of the package, so one caller's write must never change another's game. */
function deepFreeze(value) {
    if (value && typeof value === 'object' && !Object.isFrozen(value)) {
        Object.freeze(value);
        for (const v of Object.values(value))
            deepFreeze(v);
    }
    return value;
}
export function collection(all) {
    for (const entry of all)
        deepFreeze(entry);
    const byId = Object.fromEntries(all.map((e) => [e.id, e]));
    // A Map, not byId: a lookup of "constructor" or "__proto__" must not find Object.prototype's members.
    const index = new Map(all.map((e) => [e.id, e]));
    return Object.freeze({
        all: Object.freeze(all),
        byId: Object.freeze(byId),
        byName: namesIndex(all),
        get: (id) => index.get(id),
    });
}
/** Name -> IDs, with no prototype (a name such as "constructor" finds only entries), frozen like the rest. */
function namesIndex(all) {
    const byName = Object.create(null);
    for (const entry of all) {
        const name = entry.name;
        // A name is a text, or a map of language to text: each of its texts finds the entry.
        const texts = typeof name === 'string' ? [name] : name && typeof name === 'object' ? Object.values(name).filter((t) => typeof t === 'string') : [];
        for (const text of texts) {
            const ids = (byName[text] ??= []);
            if (!ids.includes(entry.id))
                ids.push(entry.id);
        }
    }
    for (const ids of Object.values(byName))
        Object.freeze(ids);
    return Object.freeze(byName);
}
