import { type Collection, type ComponentInfo, type DeclarationEntry, type DslNode, type Placeholder, type CardPoints, type Draft, type Standing } from "./runtime.js";
export * from "./cangaco.state-parsers.js";
/** The resources this game declares. */
export type Resource = "flour" | "cachaca" | "ammunition";
/** The setKinds this game declares. */
export type SetKind = "igreja" | "tocaia" | "tiroteio" | "coiteiro" | "acampamento";
export type CardKindId = "chefe-do-bando" | "os-cabras" | "igreja" | "tocaia" | "tiroteio" | "coiteiro" | "acampamento" | "volante" | "corone" | "padim" | "mascate";
export type CordelCardId = "joao-valente-e-o-diabo-na-curva-da-taquara" | "o-velho-calunga-e-a-rolinha-trelosa" | "o-corno-artur-no-brega-de-camelot" | "as-proezas-de-tinho-mangoso" | "o-divorcio-do-satanas-e-a-loira-do-cao" | "dona-fifita-e-o-cangaceiro-zambeta" | "a-luta-do-carranca-contra-jose-tatu" | "o-conselheiro-justino-e-a-madame-de-oros" | "o-elixir-da-visao-de-cego-beraldo" | "nonato-e-o-bode-silas" | "o-amansa-corno-de-chico-soro" | "aderaldo-e-o-peba-come-defunto" | "jeronimo-encontra-e-mata-o-sete-peles" | "os-causos-da-lingua-de-dona-xiloca" | "as-bravuras-do-olho-de-bila" | "o-triste-caso-do-chapoca-do-cariri" | "xico-nono-e-a-morte-do-cangaceiro" | "matou-o-gabiru-e-foi-dancar-forro" | "o-antidote-da-catraia-dum-peito-so" | "o-bobo-de-currais-novos";
export type StationCardId = "dry-1" | "rain" | "dry-2";
/** One player's state at the end of the game: what scoring rules read. */
export interface CangacoEndState {
	/** Flour markers held at the end. */
	readonly flour: number;
	/** Cachaça markers held at the end. */
	readonly cachaca: number;
	/** Ammunition markers held at the end. */
	readonly ammunition: number;
	/** The resource on each Os Cabras card in play. */
	readonly cabras: readonly Resource[];
	/** One entry per completed set. */
	readonly completedSets: readonly SetKind[];
	/** A Chefe do Bando in play. */
	readonly chefe: boolean;
	/** The kind of each other single card in play (the Os Cabras cards are in `cabras`, the Chefe do Bando in `chefe`). */
	readonly singles: readonly CardKindId[];
	/** The card or set each completed Acampamento doubles, by its kind, as the player chooses (at most one per completed Acampamento). */
	readonly doubled: readonly CardKindId[];
}
/** A path of a CardKind's fields, dotted (`a.0.b`): the keys of its `drafts` and `readings`; "" is the whole entry. */
export type CardKindField = "id" | "name" | "gloss" | `gloss.${string}` | "structure" | "setSize" | "positions" | `positions.${number}` | "grants" | `grants.${number}` | "limitPerPlayer" | "points" | "countScoring" | `countScoring.${number}` | `countScoring.${number}.cards` | `countScoring.${number}.orMore` | `countScoring.${number}.points` | "cardsInDeck" | "text" | `text.${string}` | "examples" | `examples.${number}` | `examples.${number}.note` | `examples.${number}.given` | `examples.${number}.given.${string}` | `examples.${number}.expect`;
export interface CardKind {
	readonly id: CardKindId;
	/** The card name as printed. */
	readonly name: string;
	/** What the Portuguese name means, in English: as the rulebook prints it ("Camp (Acampamento)"), else this edition's gloss, a reading. */
	readonly gloss?: string;
	/** single: takes effect as it enters play; set: takes effect when the set is completed. */
	readonly structure: "single" | "set";
	/** For a set: how many cards complete it. */
	readonly setSize?: number | null;
	/** For a set: the positions of its cards, as the position indication shows. */
	readonly positions?: readonly ("left" | "middle" | "right")[];
	/** The resource markers received when playing the card. */
	readonly grants?: readonly (Resource)[] | null;
	/** How many may be on one player's table at once. */
	readonly limitPerPlayer?: number;
	/** Victory points the card grants at the end of the game. */
	readonly points?: number | null;
	/** Points by the number of cards of this kind a player has in play. */
	readonly countScoring?: readonly ({
		/** How many cards. */
		readonly cards: number;
		/** This row also counts for more cards. */
		readonly orMore?: true | false;
		/** Points for all of them together. */
		readonly points: number | null;
	})[];
	/** How many cards of this kind the deck holds. */
	readonly cardsInDeck?: number | null;
	/** The card's effect, in the rulebook's words. */
	readonly text: string;
	/** Worked examples of this kind's points at the end of the game (the cardPoints table), checked at build time. */
	readonly examples?: readonly ({
		/** What the example shows. */
		readonly note?: string;
		/** One player's end state; fields left out are 0, empty or false. */
		readonly given: {
			readonly [key: string]: unknown;
		};
		/** This kind's points for that player, as the rulebook gives them. */
		readonly expect: number;
	})[];
	/** Its values the rulebook does not give (placeholders), by field path, each with its note: `{}` when none. */
	readonly drafts: { readonly [P in CardKindField]?: string };
	/** Its choices where the rules are silent (readings), by field path, each with its note: `{}` when none. */
	readonly readings: { readonly [P in CardKindField]?: string };
}
/** A path of a CordelCard's fields, dotted (`a.0.b`): the keys of its `drafts` and `readings`; "" is the whole entry. */
export type CordelCardField = "id" | "name" | "scoring" | `scoring.${string}` | "examples" | `examples.${string}`;
export interface CordelCard {
	readonly id: CordelCardId;
	/** The rule compiled from the data: one total per player, in input order. */
	readonly score: (players: readonly CangacoEndState[]) => number[];
	/** The rule as rules text, rendered from the same data. */
	readonly rulesText: string;
	/** The rules text in every locale the game declares (`rulesText` is its main locale's). */
	readonly rulesTexts: {
		readonly "en": string;
		readonly "pt-BR": string;
	};
	/** The card's printed title. */
	readonly name: string;
	/** How the card scores, as DSL. */
	readonly scoring: DslNode;
	/** Worked examples, checked at build time. */
	readonly examples?: readonly ({
		/** What the example shows. */
		readonly note?: string;
		/** One end state per player; fields left out are 0, empty or false. */
		readonly given: readonly ({
			readonly [key: string]: number | boolean | readonly (string)[] | undefined;
		})[];
		/** The points of each player, in order. */
		readonly expect: readonly (number)[];
	})[];
	/** Its values the rulebook does not give (placeholders), by field path, each with its note: `{}` when none. */
	readonly drafts: { readonly [P in CordelCardField]?: string };
	/** Its choices where the rules are silent (readings), by field path, each with its note: `{}` when none. */
	readonly readings: { readonly [P in CordelCardField]?: string };
}
/** A path of a StationCard's fields, dotted (`a.0.b`): the keys of its `drafts` and `readings`; "" is the whole entry. */
export type StationCardField = "id" | "name" | "number" | "season" | "deal" | "discardAtEnd" | "seasonEnds" | "passDirection";
export interface StationCard {
	readonly id: StationCardId;
	/** The season's name. */
	readonly name: string;
	/** The number printed on the card (1, 2, 3). */
	readonly number: number;
	/** Dry or Rain. */
	readonly season: "dry" | "rain";
	/** Cangaço cards dealt to each player at the start of the season. */
	readonly deal: number | null;
	/** Cards each player discards when the season ends. */
	readonly discardAtEnd: number;
	/** When the season ends, in the rulebook's words. */
	readonly seasonEnds: string;
	/** The direction the remaining cards are passed. */
	readonly passDirection?: "left" | "right" | null;
	/** Its values the rulebook does not give (placeholders), by field path, each with its note: `{}` when none. */
	readonly drafts: { readonly [P in StationCardField]?: string };
	/** Its choices where the rules are silent (readings), by field path, each with its note: `{}` when none. */
	readonly readings: { readonly [P in StationCardField]?: string };
}
/** Whether a string is the ID of one of the Cangaço cards. */
export declare function isCardKindId(s: string): s is CardKindId;
/** Whether a string is the ID of one of the Cordel cards. */
export declare function isCordelCardId(s: string): s is CordelCardId;
/** Whether a string is the ID of one of the Station cards. */
export declare function isStationCardId(s: string): s is StationCardId;
/** Cangaço: every collection with `all` and `byId`, the game's declarations, its rules as functions and its placeholder report. */
export interface CangacoNamespace {
	readonly id: "cangaco";
	readonly name: string;
	readonly locale: "en";
	readonly players: {
		readonly min: number;
		readonly max: number;
	};
	/** The game's components, as its component list gives them. */
	readonly components: readonly ComponentInfo<string>[];
	readonly declarations: {
		readonly resources: readonly DeclarationEntry<Resource, string>[];
		readonly setKinds: readonly DeclarationEntry<SetKind, string>[];
	};
	/** Cangaço cards */
	readonly cards: Collection<CardKindId, CardKind>;
	/** Cordel cards */
	readonly cordel: Collection<CordelCardId, CordelCard>;
	/** Station cards */
	readonly stations: Collection<StationCardId, StationCard>;
	/** Game-wide rules data. */
	readonly constants: {
		/** The order in which conflicting effects activate. */
		readonly effectOrder: {
			/** Card kinds, first to activate first. */
			readonly order: readonly (CardKindId)[];
			/** If the conflict persists: the player with the most of this resource goes first. */
			readonly thenBy: {
				/** The resource compared. */
				readonly most: Resource;
			};
			/** Where the effects of the kinds `order` does not list activate: before the listed ones or after them. */
			readonly unlisted?: "first" | "last";
		};
	};
	/** Rules tables, with the overrides that change them. */
	readonly tables: {
		readonly cardPoints: (state: CangacoEndState) => CardPoints<CardKindId>;
		readonly standings: (states: readonly CangacoEndState[], open: readonly CordelCardId[]) => Standing[] | Draft;
		readonly effectOrder: <P extends {
			readonly player: number;
			readonly kind: CardKindId;
		}>(plays: readonly P[], holdings: readonly {
			readonly ammunition: number;
		}[]) => P[];
	};
	/** Every value not settled yet (the rulebook does not give it, or it is not decided yet), marked as a placeholder in the content. An entry's own are on the entry, by field path: `entry.drafts` (the direct way; this list also holds the manifest's and the constants'). */
	readonly placeholders: readonly Placeholder[];
	/** Every reading: a choice made where the rules are silent, marked as a reading in the content. An entry's own are on the entry, by field path: `entry.readings` (the direct way; this list also holds the manifest's and the constants'). */
	readonly readings: readonly Placeholder[];
}
export declare const cangaco: CangacoNamespace;
