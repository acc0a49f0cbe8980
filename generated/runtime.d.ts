/**
 * Rank players by `values` and give each the award of its place. Ties share
 * the best place they hold and the places they fill are skipped (two tied for
 * most both take awards[0], the next player takes awards[2]); places beyond
 * the awards score 0.
 */
export declare function rankSharePlace(values: readonly number[], order: "most" | "fewest", awards: readonly number[]): number[];
/** Element-wise sum of several per-player score lists. */
export declare function addScores(lists: ReadonlyArray<readonly number[]>, players: number): number[];
/** How many entries of a list repeat an earlier one. */
export declare function repeatedCount(values: readonly unknown[]): number;
/** A player's state during play: counts, per-key counts and single values, as the game declares them. */
export type StateRecord = {
	readonly [field: string]: number | string | Readonly<Record<string, number | undefined>> | undefined;
};
/** A count field, or a keyed count summed over `keys` (over every key when none). */
export declare function readCount(state: StateRecord, field: string, keys?: readonly string[]): number;
/** Lose up to `amount`: counts never go below 0. */
export declare function lose<S extends StateRecord>(state: S, field: string, amount: number): S;
export declare function gain<S extends StateRecord>(state: S, field: string, amount: number): S;
/**
 * Pay `cost` once per unit while it can be afforded; each unit that cannot be
 * paid costs `shortfall` instead (the player may not choose to skip a payment).
 */
export declare function payEach<S extends StateRecord>(state: S, units: number, costField: string, cost: number, shortfallField: string, shortfall: number): S;
/** Move everything counted under `keys` of a keyed count (or a whole count) into another count. */
export declare function moveAll<S extends StateRecord>(state: S, from: string, keys: readonly string[] | undefined, to: string): S;
/** What an effect changed: field -> difference (keyed counts compared by their totals). */
export declare function changes(before: StateRecord, after: StateRecord): Record<string, number>;
/** An entry that may override another's values (a chief): only its ID is known to the runtime. */
type Overriding = {
	readonly id: string;
};
/** Where a graph collection keeps its nodes, their kinds, edges and arrows (game.yaml `graphs:`). */
export interface GraphSpec {
	readonly nodes: string;
	readonly kindField: string;
	readonly edges: string;
	readonly arrows?: string;
	/** The game module's guard for one side's nodes (`isMapSideNodeId`), which an error names. */
	readonly guard?: string;
}
/** How a piece moves over a graph (game.yaml `movers:`). */
export interface MoverSpec {
	/** The graph collection it moves on (for readers; the entries are passed in). */
	readonly graph?: string;
	readonly edges: readonly string[];
	readonly neverEnter?: readonly string[];
	readonly enterFromRound?: Readonly<Record<string, number>>;
	readonly followsArrows?: boolean;
	readonly stayIfTargetHere?: boolean;
	readonly targets?: ReadonlyArray<{
		readonly piece: string;
		readonly rank: "most" | "fewest";
		readonly by?: string;
	}>;
	readonly ties?: string;
}
/** A piece on the board, for a mover's choice of target: its kind, node and owner (typed by the game's nodes and target kinds). */
export interface Piece<
	NodeId extends string = string,
	Kind extends string = string,
	Owner extends string = string
> {
	readonly kind: Kind;
	readonly node: NodeId;
	readonly owner?: Owner;
}
/**
 * Where a mover goes: it stays, it goes to one node (drawn by a target or following the arrow), or the tie is
 * someone's choice. `chooser` is who breaks the tie as game.yaml's `ties:` names them (`'facao'`: the player holding
 * the Facão), or `'any'` when the game names no one: the engine asks that player, the package does not decide.
 */
export type Move<
	NodeId extends string = string,
	Kind extends string = string,
	Chooser extends string = string
> = {
	readonly move: "stay";
	readonly reason: "target-here" | "no-way";
} | {
	readonly move: "to";
	readonly node: NodeId;
	readonly reason: "target" | "arrow";
	readonly target?: Kind;
} | {
	readonly move: "choice";
	readonly among: readonly NodeId[];
	readonly chooser: Chooser;
	readonly target: Kind;
};
/** Who changes a move: the overriding collection's entry by ID (`{ chiefs: 'cabeleira' }`). */
export type MoveBy = Readonly<Record<string, string | undefined>>;
/** Each owner's scores a mover's targets rank by (`{ red: { fame: 3 } }`): keyed by the pieces' owners, then by the fields the targets read. */
export type MoveScores<
	Owner extends string = string,
	Field extends string = string
> = Readonly<Partial<Record<Owner, Readonly<Partial<Record<Field, number>>>>>>;
type GraphEntry = {
	readonly id: string;
};
/**
 * A mover over a graph collection with several entries (a map's sides). `Nodes` maps each side to its own nodes,
 * so a node of the other side is a type error (`neighbours('players-2-3', 'canudos')`), and at run time an error
 * that names the side, never an empty answer. `By`: the entries that may change a move (`never` when none may);
 * `Chooser`: who breaks a tie between targets; `Field`: what the targets rank owners by.
 */
export interface Mover<
	Side extends string,
	Nodes extends { readonly [S in Side]: string },
	Kind extends string = string,
	By extends MoveBy = MoveBy,
	Chooser extends string = string,
	Field extends string = string
> {
	/** Nodes joined to `from` by an edge this mover may cross (in the order the edges are listed). */
	neighbours<S extends Side>(side: S, from: Nodes[S]): Nodes[S][];
	/** Whether the mover may enter `node` in `round` (its never-enter kinds and first rounds). */
	mayEnter<S extends Side>(side: S, node: Nodes[S], round?: number): boolean;
	/**
	 * The nodes one move can reach from `from` in `round`: one step, plus the
	 * extra steps an overriding entry grants (`by: { chiefs: 'cabeleira' }`).
	 */
	reach<S extends Side>(side: S, from: Nodes[S], options?: {
		readonly round?: number;
		readonly by?: By;
	}): Nodes[S][];
	/**
	 * Where the mover goes under its priorities, given the pieces on the board (on this side's nodes) and each
	 * owner's scores (`Owner`: the pieces' owners, a player colour union if the engine has one).
	 */
	next<
		S extends Side,
		Owner extends string = string
	>(side: S, from: Nodes[S], situation: {
		readonly round?: number;
		readonly pieces: readonly Piece<Nodes[S], Kind, Owner>[];
		readonly scores?: MoveScores<NoInfer<Owner>, Field>;
	}): Move<Nodes[S], Kind, Chooser>;
}
/** Entries of another collection (chiefs) whose overrides add steps to a move. */
export interface StepOverride {
	readonly collection: string;
	readonly entries: readonly {
		readonly id: string;
	}[];
	readonly field: string;
	readonly kind: string;
	readonly addSteps: string;
}
export declare function makeMover<
	Side extends string,
	Nodes extends { readonly [S in Side]: string },
	Kind extends string = string,
	By extends MoveBy = MoveBy,
	Chooser extends string = string,
	Field extends string = string
>(entries: readonly GraphEntry[], graph: GraphSpec, spec: MoverSpec, stepOverride?: StepOverride): Mover<Side, Nodes, Kind, By, Chooser, Field>;
type Row = {
	readonly id: string;
};
/**
 * The entry an engine names in \`by\` (\`{ chiefs: 'esperanca' }\`), or undefined when it names none. An ID the
 * collection does not have is refused: ignored, it would silently give the rule without the override.
 */
export declare function overridingEntry<E extends Row>(entries: readonly E[], collection: string, id: string | undefined): E | undefined;
/**
 * The row of a table whose `key` equals `n`, or the "or more" row for larger
 * numbers; an overriding entry (a chief) may subtract from `n` first.
 * Returns undefined when no row applies (fewer than the first row's key).
 */
export declare function lookupRow<R extends Row>(rows: readonly R[], key: string, orMore: string | undefined, n: number, override?: {
	entry: Overriding | undefined;
	field: string;
	kind: string;
	subtract: string;
}): R | undefined;
/**
 * A field of an entry (a dotted path), replaced by an overriding entry's
 * override of `kind` whose `key` names this entry: the override's fields
 * other than kind and key take the place of the value's.
 */
export declare function valueWithOverride<V>(entries: readonly Row[], id: string, path: string, override?: {
	entry: Overriding | undefined;
	field: string;
	kind: string;
	key: string;
}): V | undefined;
/** One player's place in a ranking: places are shared when the score and every tie-breaker are equal. */
export interface Standing {
	/** The player's index in the list of states given (0 for the first; a problem message calls that player "player 1"). */
	readonly player: number;
	/** 1 for the winner; players who share a place share its number, and the places they fill are skipped. */
	readonly place: number;
	readonly score: number;
}
/**
 * Players in order: highest score first, then each tie-breaker in turn
 * (`{ fewest: field }` or `{ most: field }` of the state); players equal on
 * all of them share a place (the rulebook's "share the victory").
 */
export declare function rankPlayers<S extends StateRecord>(states: readonly S[], score: (s: S) => number, tieBreakers: ReadonlyArray<{
	readonly fewest?: string;
	readonly most?: string;
}>): Standing[];
/** One thing wrong with a state: where (a JSON pointer into the input) and what, in the game's words. */
export interface StateProblem {
	readonly path: string;
	readonly message: string;
}
/** A state that does not parse: `problems` lists every problem found, each with its path; the message lists them too. */
export declare class StateError extends Error {
	readonly problems: readonly StateProblem[];
	constructor(what: string, problems: readonly StateProblem[]);
}
/** What a non-throwing parse gives: the state, typed, or every problem with it. */
export type StateResult<T> = {
	readonly ok: true;
	readonly value: T;
} | {
	readonly ok: false;
	readonly problems: readonly StateProblem[];
};
/** One field of a state, as its messages name it. */
export interface FieldWords {
	/** The field's description in game.yaml (shown after its name), if it has one. */
	readonly description?: string;
	/** The values it may hold (a list's items, a value, a count's keys): ID -> display name. */
	readonly values?: {
		readonly [id: string]: string;
	};
}
/** A state's words: its name (the type's) and its fields'. */
export interface StateWords {
	readonly name: string;
	readonly fields: {
		readonly [field: string]: FieldWords;
	};
}
/** The part of an ajv error the messages read. */
interface ValidatorError {
	readonly instancePath: string;
	readonly keyword: string;
	readonly params: {
		readonly [param: string]: unknown;
	};
}
/** A validator as ajv's standalone code makes it: true or false, and the errors of the last call on the function. */
export type StateValidator = ((data: unknown) => boolean) & {
	errors?: readonly ValidatorError[] | null;
};
/**
 * Check one state (`list` false) or a list of them, one per player (`list` true: what `score` and a ranking take).
 * The value is the input itself, unchanged: a state that parses is used as it is.
 */
export declare function stateResult<T>(validate: StateValidator, words: StateWords, input: unknown, list: boolean): StateResult<T>;
/** The state itself, or a StateError listing every problem with it. */
export declare function parsedState<T>(result: StateResult<T>, words: StateWords): T;
/** A result that rests on a value the content has not settled (a placeholder): said as such, never as a number. */
export interface Draft {
	readonly draft: true;
	/** Why it is not a number: the notes of the drafted values it rests on, each once. */
	readonly note: string;
	/** What the settled parts add up to. */
	readonly known?: number;
}
/** Points: a number when every value they rest on is settled, else a Draft. */
export type Points = number | Draft;
/** Whether a result is a Draft (a drafted value in it), not a number. */
export declare function isDraft(value: unknown): value is Draft;
/** The sum of several points: a number when all are numbers, else a Draft whose `known` adds up the settled parts. */
export declare function addPoints(parts: readonly Points[]): Points;
/** One kind of card as the points read it (its other fields are the game's own). */
type Kind = {
	readonly id: string;
	readonly name?: unknown;
};
/** Where a card collection keeps its points and where an end state holds each kind's cards (game.yaml `tables:`, kind `cardPoints`). */
export interface CardPointsSpec {
	/** The kind's field: the points of one single card, or of one completed set. */
	readonly points: string;
	/** The kind's field: points by how many cards of the kind a player has (`{ cards, orMore?, points }` rows). */
	readonly countScoring?: string;
	/** The kind's field saying `single` or `set`. */
	readonly structure: string;
	/** The kind's field: how many cards complete a set (read when `setPoints` is `perCard`). */
	readonly setSize?: string;
	/** `set`: a set kind's points are the completed set's; `perCard`: each of its cards scores them. */
	readonly setPoints: "set" | "perCard";
	/** The end state's list of the single cards in play, by kind. */
	readonly singles: string;
	/** The end state's list of the completed sets, by kind. */
	readonly sets: string;
	/** Kinds the end state holds in a field of their own (a list: one card per item; a flag: one card). */
	readonly counted: {
		readonly [kind: string]: string;
	};
	/** A set kind each completed set of which doubles one card or set the player chooses, and the end state's list of the choices. */
	readonly doubling?: {
		readonly by: string;
		readonly choices: string;
	};
}
/** A collection's drafted values by entry ID and JSON pointer, with their notes. */
export type DraftNotes = {
	readonly [id: string]: {
		readonly [path: string]: string;
	} | undefined;
};
/** One player's card points: the total and each kind's share (kinds the player has none of are left out). */
export interface CardPoints<Id extends string = string> {
	readonly total: Points;
	readonly byKind: { readonly [K in Id]?: Points };
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
export declare function cardPoints<Id extends string>(kinds: readonly (Kind & {
	readonly id: Id;
})[], spec: CardPointsSpec, notes: DraftNotes, state: object, player?: number): CardPoints<Id>;
/**
 * Players ranked by their total: each scoring's points (a list per player, as a
 * compiled scoring rule gives them) added up, highest first, tied players
 * sharing the place. A Draft when any total rests on a drafted value: a
 * ranking of unknown totals would be a guess.
 */
export declare function rankTotals<S>(states: readonly S[], scorings: ReadonlyArray<(states: readonly S[]) => readonly Points[]>): Standing[] | Draft;
/** The order in which effects in conflict activate: kinds in a listed order, then the player with the most (or fewest) of a resource. */
export interface EffectOrderSpec<Id extends string = string> {
	readonly order: readonly Id[];
	readonly thenBy: {
		readonly most?: string;
		readonly fewest?: string;
	};
	/** Where kinds the order does not list go: before the listed ones, or after (the default). */
	readonly unlisted?: "first" | "last";
}
/**
 * The plays in the order their effects activate: by the kinds' order (kinds it
 * does not list come after the listed ones, or first), then by each player's holding
 * of the compared resource, then in the order given. A player the holdings
 * do not give, or give no number for, is refused.
 */
export declare function orderEffects<P extends {
	readonly player: number;
	readonly kind: string;
}>(plays: readonly P[], holdings: readonly object[], spec: EffectOrderSpec): P[];
/** A text in the game's locale, or a map of locales: keys are BCP 47 tags (`en`, `pt-BR`, `fr`), open as the game's `locales:` are. */
export type Text = string | {
	readonly [locale: string]: string | undefined;
};
/**
 * A Text in one locale. A plain string is itself (the game's own language). A map of locales gives, in order: the
 * exact tag (`pt-BR`, case aside); the same language (`pt` for `pt-BR`, or another `pt-…` tag); `fallback` (pass
 * the game's main locale, `game.locale`); the first value the map holds; '' for an empty map.
 * `text(entry.rulesTexts, 'pt-BR')`, `text(chief.name)`.
 */
export declare function text(value: Text, locale?: string, fallback?: string): string;
/** A component of the game, as its component list gives it. `Name`: `string` when every component's name is a plain string. */
export interface ComponentInfo<Name extends Text = Text> {
	/** Its ID: as written, or the slug of its name. */
	readonly id: string;
	readonly name: Name;
	readonly count: number;
	readonly collection?: string;
	readonly gap?: string;
	readonly note?: string;
	readonly parts?: readonly {
		readonly name: string;
		readonly count: number;
	}[];
	readonly where?: {
		readonly [field: string]: string | number | boolean;
	};
}
/** One value of a declaration (a resource, a terrain, ...) with whatever the game says of it. `Name`: `string` when every value's name is a plain string. */
export interface DeclarationEntry<
	Id extends string = string,
	Name extends Text = Text
> {
	/** Its ID: as written, or the slug of its name. */
	readonly id: Id;
	readonly name: Name;
	readonly [key: string]: unknown;
}
/** A node of the rules DSL, kept as data beside the compiled function. */
export type DslNode = {
	readonly [key: string]: unknown;
};
/** A value not settled yet (the rulebook does not give it, or it is not decided yet): a placeholder in the content, with its note. */
export interface Placeholder {
	readonly collection: string;
	readonly id: string;
	/** JSON pointer of the value inside the entry. */
	readonly path: string;
	readonly note: string;
}
/**
 * A collection: every entry in source order, and the same entries by ID. `ById`: the entries by ID when an entry's
 * type depends on its ID (a map side whose nodes are its own: `byId['players-2-3']` is `MapSide<'players-2-3'>`).
 */
export interface Collection<
	Id extends string,
	T extends {
		readonly id: Id;
	},
	ById extends { readonly [K in Id]: T } = Readonly<Record<Id, T>>
> {
	readonly all: readonly T[];
	readonly byId: ById;
	/** The IDs of the entries bearing each name (in any of its languages), in source order: reprints and same-named entries share a name. */
	readonly byName: {
		readonly [name: string]: readonly Id[] | undefined;
	};
	/** The entry with this ID, or undefined when the game has none: for an ID that arrives as a string at run time (input, a save file). Never throws. */
	get(id: string): T | undefined;
}
export declare function collection<
	Id extends string,
	T extends {
		readonly id: Id;
	},
	ById extends { readonly [K in Id]: T } = Readonly<Record<Id, T>>
>(all: readonly T[]): Collection<Id, T, ById>;
export {};
