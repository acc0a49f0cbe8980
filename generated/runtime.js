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
		const better = values.filter((w) => order === "most" ? w > v : w < v).length;
		return awards[better] ?? 0;
	});
}
/** Element-wise sum of several per-player score lists. */
export function addScores(lists, players) {
	const out = new Array(players).fill(0);
	for (const list of lists) list.forEach((v, i) => out[i] = (out[i] ?? 0) + v);
	return out;
}
/** How many entries of a list repeat an earlier one. */
export function repeatedCount(values) {
	return values.length - new Set(values).size;
}
/** A count field, or a keyed count summed over `keys` (over every key when none). */
export function readCount(state, field, keys) {
	const v = state[field];
	if (typeof v === "number") return v;
	if (v && typeof v === "object") return (keys ?? Object.keys(v)).reduce((n, k) => n + (v[k] ?? 0), 0);
	return 0;
}
function withCount(state, field, value) {
	return {
		...state,
		[field]: value
	};
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
	if (source && typeof source === "object") {
		const rest = { ...source };
		for (const k of keys ?? Object.keys(source)) rest[k] = 0;
		next = {
			...state,
			[from]: rest
		};
	} else next = withCount(state, from, 0);
	return gain(next, to, moved);
}
/** What an effect changed: field -> difference (keyed counts compared by their totals). */
export function changes(before, after) {
	const out = {};
	for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
		if (typeof before[field] === "string" || typeof after[field] === "string") continue;
		const d = readCount(after, field) - readCount(before, field);
		if (d !== 0) out[field] = d;
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
	const what = spec.graph ?? "graph";
	const side = (id) => {
		const entry = entries.find((e) => e.id === id);
		if (!entry) throw new Error(`no ${what} "${id}": its entries are ${entries.map((e) => `"${e.id}"`).join(", ")}`);
		return entry;
	};
	const nodesOf = (id) => get(side(id), graph.nodes) ?? [];
	// Each side's node IDs, read once: the data is frozen.
	const nodeSets = new Map();
	const nodeSet = (sideId) => {
		let set = nodeSets.get(sideId);
		if (!set) nodeSets.set(sideId, set = new Set(nodesOf(sideId).map((n) => n.id)));
		return set;
	};
	// A node of another side (or none) is the engine's mistake: an empty answer would look like a dead end.
	const onSide = (sideId, node, role) => {
		if (!nodeSet(sideId).has(node)) throw new Error(`${role} "${node}" is not a node of ${what} "${sideId}" (a node of another side, or no node): check a node that arrives as a string with ${graph.guard ?? "the game's node guard"}(side, s) first`);
	};
	const kindOf = (sideId, node) => String(nodesOf(sideId).find((n) => n.id === node)?.[graph.kindField] ?? "");
	const neighbours = (sideId, from) => {
		const out = [];
		for (const e of get(side(sideId), graph.edges) ?? []) {
			if (!spec.edges.includes(e.kind)) continue;
			const other = e.a === from ? e.b : e.b === from ? e.a : undefined;
			if (other !== undefined && !out.includes(other)) out.push(other);
		}
		return out;
	};
	const mayEnter = (sideId, node, round) => {
		const kind = kindOf(sideId, node);
		if (spec.neverEnter?.includes(kind)) return false;
		const first = spec.enterFromRound?.[kind];
		return first === undefined || round !== undefined && round >= first;
	};
	const extraSteps = (by) => {
		if (!stepOverride || !by?.[stepOverride.collection]) return 0;
		const entry = overridingEntry(stepOverride.entries, stepOverride.collection, by[stepOverride.collection]);
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
					if (seen.has(n) || !mayEnter(sideId, n, options.round)) continue;
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
		for (const [i, p] of situation.pieces.entries()) onSide(sideId, p.node, `pieces[${i}].node`);
		const targets = spec.targets ?? [];
		const isTarget = (p) => targets.some((t) => t.piece === p.kind);
		if (spec.stayIfTargetHere && situation.pieces.some((p) => p.node === from && isTarget(p))) return {
			move: "stay",
			reason: "target-here"
		};
		const candidates = reach(sideId, from, situation);
		for (const target of targets) {
			const score = (p) => target.by && p.owner !== undefined ? situation.scores?.[p.owner]?.[target.by] ?? 0 : 0;
			const best = new Map();
			for (const p of situation.pieces) {
				if (p.kind !== target.piece || !candidates.includes(p.node)) continue;
				const s = score(p);
				const have = best.get(p.node);
				if (have === undefined || (target.rank === "most" ? s > have : s < have)) best.set(p.node, s);
			}
			if (!best.size) continue;
			const top = target.rank === "most" ? Math.max(...best.values()) : Math.min(...best.values());
			const among = candidates.filter((n) => best.get(n) === top);
			if (among.length === 1) return {
				move: "to",
				node: among[0],
				reason: "target",
				target: target.piece
			};
			return {
				move: "choice",
				among,
				chooser: spec.ties ?? "any",
				target: target.piece
			};
		}
		if (spec.followsArrows && graph.arrows) {
			const arrow = (get(side(sideId), graph.arrows) ?? []).find((a) => a.from === from);
			if (arrow && mayEnter(sideId, arrow.to, situation.round)) return {
				move: "to",
				node: arrow.to,
				reason: "arrow"
			};
		}
		return {
			move: "stay",
			reason: "no-way"
		};
	};
	// The public face checks the node it is given belongs to the side; the closures above work on plain strings, and
	// the game's unions are the types.
	const mover = {
		neighbours: (sideId, from) => (onSide(sideId, from, "from"), neighbours(sideId, from)),
		mayEnter: (sideId, node, round) => (onSide(sideId, node, "node"), mayEnter(sideId, node, round)),
		reach: (sideId, from, options) => (onSide(sideId, from, "from"), reach(sideId, from, options)),
		next: (sideId, from, situation) => (onSide(sideId, from, "from"), next(sideId, from, situation))
	};
	return mover;
}
/**
 * The entry an engine names in \`by\` (\`{ chiefs: 'esperanca' }\`), or undefined when it names none. An ID the
 * collection does not have is refused: ignored, it would silently give the rule without the override.
 */
export function overridingEntry(entries, collection, id) {
	if (id === undefined) return undefined;
	const entry = entries.find((e) => e.id === id);
	if (!entry) throw new RangeError(`by: { ${collection}: ${JSON.stringify(id)} } names none of the ${collection} (check an ID that arrives as a string with its guard first)`);
	return entry;
}
/**
 * The row of a table whose `key` equals `n`, or the "or more" row for larger
 * numbers; an overriding entry (a chief) may subtract from `n` first.
 * Returns undefined when no row applies (fewer than the first row's key).
 */
export function lookupRow(rows, key, orMore, n, override) {
	let value = n;
	if (override) for (const o of overridesOf(override.entry, override.field, override.kind)) value -= Number(o[override.subtract] ?? 0);
	const exact = rows.find((r) => get(r, key) === value);
	if (exact) return exact;
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
	let value = path.split(".").reduce((v, k) => get(v, k), entry);
	if (override) {
		const o = overridesOf(override.entry, override.field, override.kind).find((x) => x[override.key] === id);
		if (o) {
			const { kind: _kind, [override.key]: _key, ...fields } = o;
			value = {
				...value ?? {},
				...fields
			};
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
	const keys = states.map((s) => [score(s), ...tieBreakers.map((t) => t.most ? readCount(s, t.most) : -readCount(s, t.fewest ?? ""))]);
	const compare = (a, b) => {
		for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (b[i] ?? 0) - (a[i] ?? 0);
		return 0;
	};
	const order = states.map((_, i) => i).sort((a, b) => compare(keys[a], keys[b]) || a - b);
	return order.map((player) => ({
		player,
		place: 1 + order.filter((o) => compare(keys[o], keys[player]) < 0).length,
		score: keys[player][0]
	}));
}
/** A state that does not parse: `problems` lists every problem found, each with its path; the message lists them too. */
export class StateError extends Error {
	problems;
	constructor(what, problems) {
		super(`${what} does not parse (${problems.length} ${problems.length === 1 ? "problem" : "problems"}):\n${problems.map((p) => `  ${p.message}`).join("\n")}`);
		this.name = "StateError";
		this.problems = problems;
	}
}
/**
 * Check one state (`list` false) or a list of them, one per player (`list` true: what `score` and a ranking take).
 * The value is the input itself, unchanged: a state that parses is used as it is.
 */
export function stateResult(validate, words, input, list) {
	const problems = [];
	if (!list) problems.push(...stateProblems(validate, words, input, "", ""));
	else if (!Array.isArray(input)) problems.push({
		path: "",
		message: `must be a list, one ${words.name} per player, got ${shown(input)}`
	});
	else input.forEach((state, i) => problems.push(...stateProblems(validate, words, state, `/${i}`, `player ${i + 1}: `)));
	return problems.length ? {
		ok: false,
		problems
	} : {
		ok: true,
		value: input
	};
}
/** The state itself, or a StateError listing every problem with it. */
export function parsedState(result, words) {
	if (result.ok) return result.value;
	throw new StateError(words.name, result.problems);
}
function stateProblems(validate, words, state, prefix, who) {
	if (validate(state)) return [];
	const out = [];
	const seen = new Set();
	// In the order the game declares the fields (a field not declared, most often a typo of one, first), not ajv's.
	const order = Object.keys(words.fields);
	const rank = (p) => order.indexOf(unescapePointer(p.path.split("/")[1] ?? ""));
	const problems = (validate.errors ?? []).map((e) => problemOf(e, words, state));
	for (const problem of problems.sort((a, b) => rank(a) - rank(b))) {
		const path = prefix + problem.path;
		// One problem per place: a value of the wrong type is not also said to be outside the values.
		if (seen.has(path)) continue;
		seen.add(path);
		out.push({
			path,
			message: `${who}${problem.message}`
		});
	}
	return out;
}
function problemOf(e, words, state) {
	const parts = e.instancePath.split("/").slice(1).map(unescapePointer);
	const field = parts[0];
	if (field === undefined) {
		if (e.keyword === "required") {
			const missing = String(e.params.missingProperty);
			return {
				path: `/${escapePointer(missing)}`,
				message: `${fieldName(missing, words)} is missing`
			};
		}
		if (e.keyword === "additionalProperties") {
			const key = String(e.params.additionalProperty);
			const known = Object.keys(words.fields);
			const near = closest(key, known);
			const hint = near ? `did you mean "${near}"?` : `its fields are ${known.join(", ")}`;
			return {
				path: `/${escapePointer(key)}`,
				message: `"${key}" is not a field of the ${words.name} (${hint})`
			};
		}
		return {
			path: "",
			message: `must be an object holding the ${words.name}'s fields, got ${shown(state)}`
		};
	}
	const value = parts.reduce((v, k) => v && typeof v === "object" ? v[k] : undefined, state);
	const f = words.fields[field];
	// A list's item by its place (`item 2`), a count's key by its name; the schemas nest no deeper.
	const inner = parts[1] === undefined ? "" : Array.isArray(state[field]) ? ` item ${Number(parts[1]) + 1}` : ` "${parts[1]}"`;
	const subject = `${fieldName(field, words)}${inner}`;
	const values = f?.values ? Object.entries(f.values).map(([id, name]) => name && name !== id ? `${id} (${name})` : id) : [];
	switch (e.keyword) {
		case "additionalProperties": {
			const key = String(e.params.additionalProperty);
			const near = closest(key, Object.keys(f?.values ?? {}));
			return {
				path: `${e.instancePath}/${escapePointer(key)}`,
				message: `${subject} counts by ${values.join(", ")}, not "${key}"${near ? ` (did you mean "${near}"?)` : ""}`
			};
		}
		case "type": {
			const want = {
				integer: "a whole number",
				boolean: "true or false",
				array: "a list",
				object: "an object",
				string: "a text"
			};
			return {
				path: e.instancePath,
				message: `${subject} must be ${want[String(e.params.type)] ?? String(e.params.type)}, got ${shown(value)}`
			};
		}
		case "minimum": return {
			path: e.instancePath,
			message: `${subject} must be ${String(e.params.limit)} or more, got ${shown(value)}`
		};
		case "enum": return {
			path: e.instancePath,
			message: `${subject} must be one of ${values.join(", ")}, got ${shown(value)}`
		};
		default: return {
			path: e.instancePath,
			message: `${subject} does not fit the ${e.keyword} of its schema, got ${shown(value)}`
		};
	}
}
/** A field by its name and, when game.yaml describes it, its description: `"flour" (Flour markers held at the end)`. */
function fieldName(field, words) {
	const description = words.fields[field]?.description?.trim().replace(/\.$/, "");
	return description ? `"${field}" (${description})` : `"${field}"`;
}
/** A value as the message shows it: JSON where it has one (`"3"` for a text, so it is told from a number). */
function shown(value) {
	if (value === undefined) return "nothing";
	if (typeof value === "number" && !Number.isFinite(value)) return String(value);
	const json = JSON.stringify(value);
	return json === undefined ? typeof value : json.length > 60 ? `${json.slice(0, 57)}...` : json;
}
/**
 * The known name nearest a mistyped one (case aside, or at most two edits away), for "did you mean". A few lines
 * rather than a library: the package has no runtime dependency, and the lists are a state's few fields.
 */
function closest(key, known) {
	let best;
	let bestDistance = Math.min(2, Math.floor(key.length / 2));
	for (const name of known) {
		if (name.toLowerCase() === key.toLowerCase()) return name;
		const d = editDistance(key.toLowerCase(), name.toLowerCase());
		if (d <= bestDistance) [best, bestDistance] = [name, d - 1];
	}
	return best;
}
function editDistance(a, b) {
	let row = Array.from({ length: b.length + 1 }, (_, j) => j);
	for (let i = 1; i <= a.length; i++) {
		const next = [i];
		for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
		row = next;
	}
	return row[b.length];
}
function escapePointer(key) {
	return key.replace(/~/g, "~0").replace(/\//g, "~1");
}
function unescapePointer(part) {
	return part.replace(/~1/g, "/").replace(/~0/g, "~");
}
/** Whether a result is a Draft (a drafted value in it), not a number. */
export function isDraft(value) {
	return typeof value === "object" && value !== null && value.draft === true;
}
/** The sum of several points: a number when all are numbers, else a Draft whose `known` adds up the settled parts. */
export function addPoints(parts) {
	let known = 0;
	const lines = [];
	for (const p of parts) {
		if (typeof p === "number") known += p;
		else {
			known += p.known ?? 0;
			lines.push(...p.note.split("\n"));
		}
	}
	return lines.length ? {
		draft: true,
		note: mergedNotes(lines),
		known
	} : known;
}
/**
 * Each note once: notes that differ only by the card they are about ("Padim: The rulebook does not print ...",
 * "Volante: The rulebook does not print ...") become one line naming every card ("Padim, Volante: The rulebook ...").
 */
function mergedNotes(lines) {
	const byText = new Map();
	for (const line of lines) {
		const at = line.indexOf(": ");
		const [who, text] = at > 0 ? [line.slice(0, at), line.slice(at + 2)] : ["", line];
		const names = byText.get(text) ?? [];
		if (!byText.has(text)) byText.set(text, names);
		if (who && !names.includes(who)) names.push(who);
	}
	return [...byText].map(([text, names]) => names.length ? `${names.join(", ")}: ${text}` : text).join("\n");
}
function times(factor, p) {
	return typeof p === "number" ? factor * p : {
		draft: true,
		note: p.note,
		known: factor * (p.known ?? 0)
	};
}
/** The list a field holds; anything else is a problem at the field (and no list). */
function listOf(state, field, problems) {
	const v = state[field];
	if (Array.isArray(v)) return v;
	problems.push({
		path: `/${field}`,
		message: `"${field}" must be a list, got ${JSON.stringify(v) ?? "nothing"}`
	});
	return [];
}
function nameOf(kind) {
	return typeof kind.name === "string" ? kind.name : kind.id;
}
/**
 * A player's points from the cards in play: each single card its points, each
 * completed set its set's points, a kind scored by count the row for how many
 * there are, and each completed set of the doubling kind doubles one card or
 * set the player names (for a kind scored by count, it adds one card to the
 * count). A drafted value in any of these makes that share, and the total, a
 * Draft. A state naming a kind the collection does not have, or doubling more
 * than it may, is refused with the reason.
 */
export function cardPoints(kinds, spec, notes, state, player) {
	const byId = new Map(kinds.map((k) => [k.id, k]));
	const field = (kind, name) => kind[name];
	// The note of a drafted value at `path` or around it (a drafted row, a drafted entry): drafted even when it holds a number.
	const noteAt = (kind, path) => Object.entries(notes[kind.id] ?? {}).find(([at]) => at === "" || path === at || path.startsWith(`${at}/`))?.[1];
	const drafted = (kind, path) => ({
		draft: true,
		note: `${nameOf(kind)}: ${noteAt(kind, path) ?? `no ${path.slice(1)} given`}`,
		known: 0
	});
	const known = (kind, path, value) => typeof value === "number" && noteAt(kind, path) === undefined ? value : drafted(kind, path);
	// Every way the cards in play contradict the rules, found together and thrown as one StateError, as a state's
	// parse does: the schema checks each field alone, these read several together (a doubling needs a completed set).
	const problems = [];
	const problem = (path, message) => problems.push({
		path,
		message
	});
	const counts = new Map();
	// A single card in the list of sets, or a set card among the singles, is a state the rules cannot score.
	const add = (id, where, i, structure) => {
		const kind = byId.get(String(id));
		const at = `/${where}/${i}`;
		if (!kind) return problem(at, `"${where}" item ${i + 1} is ${JSON.stringify(id)}, which is not a kind of card of this game`);
		if (field(kind, spec.structure) !== structure) return problem(at, `"${where}" item ${i + 1} is ${nameOf(kind)}, which is not a ${structure} card (it is a ${String(field(kind, spec.structure))} card)`);
		counts.set(String(id), (counts.get(String(id)) ?? 0) + 1);
	};
	listOf(state, spec.singles, problems).forEach((id, i) => {
		const own = spec.counted[String(id)];
		if (Object.hasOwn(spec.counted, String(id)) && own !== undefined) problem(`/${spec.singles}/${i}`, `"${spec.singles}" item ${i + 1} is ${nameOf(byId.get(String(id)) ?? { id: String(id) })}, which is held in "${own}"`);
		else add(id, spec.singles, i, "single");
	});
	listOf(state, spec.sets, problems).forEach((id, i) => add(id, spec.sets, i, "set"));
	for (const [id, where] of Object.entries(spec.counted)) {
		const v = state[where];
		const n = Array.isArray(v) ? v.length : typeof v === "boolean" ? Number(v) : undefined;
		if (n === undefined) problem(`/${where}`, `"${where}" must be a list or yes/no, got ${JSON.stringify(v) ?? "nothing"}`);
		else if (n) counts.set(id, (counts.get(id) ?? 0) + n);
	}
	// Each doubling names a card or set the player has; a kind scored by count takes one more card instead.
	const doubled = new Map();
	if (spec.doubling) {
		const { by, choices: where } = spec.doubling;
		const choices = listOf(state, where, problems);
		const allowed = counts.get(by) ?? 0;
		const doubler = byId.get(by);
		if (choices.length > allowed) problem(`/${where}`, `"${where}" names ${choices.length} ${choices.length === 1 ? "card or set" : "cards or sets"} to double, but each completed ${doubler ? nameOf(doubler) : by} set doubles one and there ${allowed === 1 ? "is 1" : `are ${allowed}`}`);
		choices.forEach((id, i) => {
			if (!byId.has(String(id))) problem(`/${where}/${i}`, `"${where}" item ${i + 1} is ${JSON.stringify(id)}, which is not a kind of card of this game`);
			else doubled.set(String(id), (doubled.get(String(id)) ?? 0) + 1);
		});
	}
	for (const kind of kinds) {
		const n = counts.get(kind.id) ?? 0;
		const d = doubled.get(kind.id) ?? 0;
		if (!d || !spec.doubling) continue;
		const rows = spec.countScoring ? field(kind, spec.countScoring) : undefined;
		const byCount = Array.isArray(rows) && rows.length > 0;
		if (byCount ? n === 0 : d > n) problem(`/${spec.doubling.choices}`, `"${spec.doubling.choices}" doubles ${nameOf(kind)} ${d === 1 ? "once" : `${d} times`}, but the end state holds ${n === 0 ? "none" : n} of it`);
	}
	if (problems.length) {
		// In a list of states (a ranking), each problem says whose it is, as a list's parse does.
		const whose = player === undefined ? problems : problems.map((p) => ({
			path: `/${player}${p.path}`,
			message: `player ${player + 1}: ${p.message}`
		}));
		throw new StateError("The end state", whose);
	}
	const byKind = {};
	for (const kind of kinds) {
		const n = counts.get(kind.id) ?? 0;
		const d = doubled.get(kind.id) ?? 0;
		const rows = spec.countScoring ? field(kind, spec.countScoring) : undefined;
		if (Array.isArray(rows) && rows.length) {
			if (n + d > 0) byKind[kind.id] = rowPoints(kind, rows, n + d, `/${spec.countScoring}`, known, drafted);
			continue;
		}
		if (n === 0) continue;
		let unit = known(kind, `/${spec.points}`, field(kind, spec.points));
		if (field(kind, spec.structure) === "set" && spec.setPoints === "perCard") {
			const size = spec.setSize ? field(kind, spec.setSize) : undefined;
			unit = typeof size === "number" ? times(size, unit) : addPoints([unit, drafted(kind, `/${spec.setSize ?? "setSize"}`)]);
		}
		byKind[kind.id] = times(n + d, unit);
	}
	return {
		total: addPoints(Object.values(byKind)),
		byKind
	};
}
/** The points of the row for `n` cards: the row of exactly `n`, else the largest "or more" row below it. */
function rowPoints(kind, rows, n, pointer, known, drafted) {
	let at = rows.findIndex((r) => r.cards === n);
	if (at < 0) rows.forEach((r, i) => {
		if (r.orMore === true && r.cards <= n && (at < 0 || r.cards > rows[at].cards)) at = i;
	});
	if (at < 0) return {
		...drafted(kind, `${pointer}/${n}`),
		note: `${nameOf(kind)}: no row gives the points of ${n} cards`
	};
	return known(kind, `${pointer}/${at}/points`, rows[at].points);
}
/**
 * Players ranked by their total: each scoring's points (a list per player, as a
 * compiled scoring rule gives them) added up, highest first, tied players
 * sharing the place. A Draft when any total rests on a drafted value: a
 * ranking of unknown totals would be a guess.
 */
export function rankTotals(states, scorings) {
	const lists = scorings.map((f) => f(states));
	const totals = states.map((_, i) => addPoints(lists.map((l) => l[i] ?? 0)));
	const drafts = totals.filter(isDraft);
	if (drafts.length) {
		const sum = addPoints(drafts);
		return {
			draft: true,
			note: isDraft(sum) ? sum.note : ""
		};
	}
	return rankPlayers(totals.map((t) => ({ total: t })), (s) => s.total, []);
}
/**
 * The plays in the order their effects activate: by the kinds' order (kinds it
 * does not list come after the listed ones, or first), then by each player's holding
 * of the compared resource, then in the order given. A player the holdings
 * do not give, or give no number for, is refused.
 */
export function orderEffects(plays, holdings, spec) {
	const by = spec.thenBy.most ?? spec.thenBy.fewest ?? "";
	const holding = (player) => {
		const v = holdings[player]?.[by];
		if (typeof v !== "number" || !Number.isFinite(v)) throw new TypeError(`the holdings must give "${by}" as a number for player index ${player} (item ${player + 1} of the list), got ${JSON.stringify(v) ?? "nothing"}`);
		return v;
	};
	const rank = (kind) => {
		const i = spec.order.indexOf(kind);
		return i >= 0 ? i : spec.unlisted === "first" ? -1 : spec.order.length;
	};
	const sign = spec.thenBy.most !== undefined ? -1 : 1;
	const keyed = plays.map((p, i) => ({
		p,
		i,
		rank: rank(p.kind),
		held: holding(p.player)
	}));
	keyed.sort((a, b) => a.rank - b.rank || sign * (a.held - b.held) || a.i - b.i);
	return keyed.map((k) => k.p);
}
/**
 * A Text in one locale. A plain string is itself (the game's own language). A map of locales gives, in order: the
 * exact tag (`pt-BR`, case aside); the same language (`pt` for `pt-BR`, or another `pt-…` tag); `fallback` (pass
 * the game's main locale, `game.locale`); the first value the map holds; '' for an empty map.
 * `text(entry.rulesTexts, 'pt-BR')`, `text(chief.name)`.
 */
export function text(value, locale, fallback) {
	if (typeof value === "string") return value;
	const entries = Object.entries(value).filter((e) => typeof e[1] === "string");
	const find = (test) => entries.find(([tag]) => test(tag.toLowerCase()))?.[1];
	const language = (tag) => tag.toLowerCase().split("-")[0];
	if (locale) {
		const wanted = locale.toLowerCase();
		const found = find((tag) => tag === wanted) ?? find((tag) => language(tag) === language(wanted));
		if (found !== undefined) return found;
	}
	return (fallback ? find((tag) => tag === fallback.toLowerCase()) : undefined) ?? entries[0]?.[1] ?? "";
}
/** Freeze a value and everything in it: the data is shared by every caller of the package, so one caller's write must never change another's game. */
function deepFreeze(value) {
	if (value && typeof value === "object" && !Object.isFrozen(value)) {
		Object.freeze(value);
		for (const v of Object.values(value)) deepFreeze(v);
	}
	return value;
}
export function collection(all) {
	for (const entry of all) deepFreeze(entry);
	const byId = Object.fromEntries(all.map((e) => [e.id, e]));
	// A Map, not byId: a lookup of "constructor" or "__proto__" must not find Object.prototype's members.
	const index = new Map(all.map((e) => [e.id, e]));
	return Object.freeze({
		all: Object.freeze(all),
		byId: Object.freeze(byId),
		byName: namesIndex(all),
		get: (id) => index.get(id)
	});
}
/** Name -> IDs, with no prototype (a name such as "constructor" finds only entries), frozen like the rest. */
function namesIndex(all) {
	const byName = Object.create(null);
	for (const entry of all) {
		const name = entry.name;
		// A name is a text, or a map of language to text: each of its texts finds the entry.
		const texts = typeof name === "string" ? [name] : name && typeof name === "object" ? Object.values(name).filter((t) => typeof t === "string") : [];
		for (const text of texts) {
			const ids = byName[text] ??= [];
			if (!ids.includes(entry.id)) ids.push(entry.id);
		}
	}
	for (const ids of Object.values(byName)) Object.freeze(ids);
	return Object.freeze(byName);
}
