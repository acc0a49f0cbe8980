import { type Collection, type ComponentInfo, type DeclarationEntry, type DslNode, type Placeholder, type Mover, type Piece as RuntimePiece, type Standing } from "./runtime.js";
export * from "./cangaceiros.state-parsers.js";
/** The terrains this game declares. */
export type Terrain = "sertao" | "serra" | "caatinga" | "city" | "juazeiro" | "crossroads";
/** The resources this game declares. */
export type Resource = "reis" | "deal" | "vengeance" | "fame" | "wounds" | "volante-trophies";
/** The zones this game declares. */
export type Zone = "prison" | "guns-line" | "protection-line" | "facao-line" | "deal-line" | "vengeance-line" | "training-marker-reserve" | "chief-space" | "chief-training-spaces" | "chief-wound-spaces" | "garrison" | "event-tile" | "event-track" | "reserve" | "general-reserve" | "deck" | "hand" | "discard-pile" | "box" | "volantes-wound-spaces" | "attack-space";
/** The pieceKinds this game declares. */
export type PieceKind = "gang" | "cangaceiro" | "volante" | "fame-marker" | "training-marker" | "wound-cube" | "facao-token" | "blessing-token";
/** The actions this game declares. */
export type Action = "movement" | "garrison" | "training" | "plunder" | "cunning" | "ambush" | "threaten" | "attack";
export type ChiefId = "antonio-silvino" | "cabeleira" | "cocada" | "corisco" | "dada" | "dulce" | "esperanca" | "gato" | "inacinha" | "jararaca" | "jesuino-brilhante" | "juriti" | "lampiao" | "lidia" | "maria-bonita" | "milian" | "ponto-fino" | "volta-seca" | "zabele" | "ze-baiano";
export type EventTileId = "peace" | "sargento-quele" | "procura-se" | "sertao-perigoso" | "luger-parabellum" | "raso-da-catarina" | "bencao-de-padre-cicero" | "facada" | "pedro-candido-traidor" | "cala-a-boca" | "matar-os-macacos" | "corrupcao" | "serra-da-capivara" | "coitamento" | "tocaia";
export type ActionCardId = "starting-1" | "starting-2" | "starting-3" | "starting-4" | "starting-5" | "starting-6" | "starting-7" | "serra-1" | "serra-2" | "serra-3" | "serra-4" | "serra-5" | "serra-6" | "serra-7" | "serra-8" | "caatinga-1" | "caatinga-2" | "caatinga-3" | "caatinga-4" | "caatinga-5" | "caatinga-6" | "caatinga-7";
export type ThreatOptionId = "suffer-the-effects" | "lose-fame-equal-to-bounty";
export type FazendaId = "sertao-1" | "sertao-2" | "sertao-3" | "sertao-4" | "sertao-5" | "sertao-6" | "sertao-7" | "sertao-8" | "sertao-9" | "sertao-10" | "sertao-11" | "serra-1" | "serra-2" | "serra-3" | "caatinga-1" | "caatinga-2" | "caatinga-3";
export type CityId = "mossoro" | "salgueiro" | "salvador" | "recife" | "juazeiro";
export type PlunderBonusId = "reis" | "guns" | "protection" | "facao" | "deal" | "vengeance" | "blessing" | "heal";
export type LifeGoalId = "life-goal-1" | "life-goal-2" | "life-goal-3" | "life-goal-4" | "life-goal-5" | "life-goal-6" | "life-goal-7" | "life-goal-8" | "life-goal-9" | "life-goal-10" | "life-goal-11" | "life-goal-12" | "life-goal-13" | "life-goal-14";
export type LifeGoalCostId = "reis" | "sertao-garrison" | "serra-garrison" | "caatinga-garrison" | "any-garrison" | "volante-trophy" | "any-line" | "facao-line" | "guns-line" | "protection-line" | "vengeance" | "deal";
export type VolantesCardId = "volantes-2-3-1" | "volantes-2-3-2" | "volantes-2-3-3" | "volantes-2-3-4" | "volantes-2-3-5" | "volantes-2-3-6" | "volantes-4-5-1" | "volantes-4-5-2" | "volantes-4-5-3" | "volantes-4-5-4" | "volantes-4-5-5" | "volantes-4-5-6";
export type ReinforcementsTokenId = "volantes-reinforcements-1" | "volantes-reinforcements-2" | "volantes-reinforcements-3" | "volantes-reinforcements-4" | "volantes-reinforcements-5" | "volantes-reinforcements-6" | "volantes-reinforcements-7" | "volantes-reinforcements-8" | "volantes-reinforcements-9" | "volantes-reinforcements-10" | "prison-reinforcements-1" | "prison-reinforcements-2" | "prison-reinforcements-3" | "prison-reinforcements-4";
export type RewardTileId = "reward-1" | "reward-2" | "reward-3" | "reward-4" | "reward-5" | "reward-6" | "reward-7" | "reward-8" | "reward-9" | "reward-10" | "reward-11" | "reward-12" | "reward-13" | "reward-14" | "reward-15" | "reward-16";
export type IconId = "green-brown-cards" | "blessing" | "remove-from-the-game" | "volante" | "cangaceiro" | "threaten-gang" | "red-numbers" | "movement" | "garrison" | "training" | "plunder";
export type VolantesAttackRowId = "one" | "two" | "three-or-more";
export type BountyLevelId = "bounty-1" | "bounty-2" | "bounty-3";
export type PhaseId = "spawn-new-volantes" | "choose-action-cards" | "play-action-cards" | "resolve-current-event" | "activate-volantes" | "end-of-round";
export type GameEndId = "seventh-round" | "life-goals-depleted";
export type ScoringId = "final-scoring";
export type MapSideId = "players-2-3" | "players-4-5";
/** One player's state during play: what effects read and change. */
export type PlayerState = {
	/** Total value of the Reis tokens in the player's reserve (1 silver = 1, 1 gold = 5). */
	readonly reis: number;
	/** Fame Points: the player's position on the Fame Point Track (never below 0). */
	readonly fame: number;
	/** Wound cubes on the player's Chief card. */
	readonly wounds: number;
	/** Deal tokens on the Deal line of the Player board (at most 4). */
	readonly deal: number;
	/** Vengeance tokens on the Vengeance line of the Player board (at most 4). */
	readonly vengeance: number;
	/** Volantes the player killed and keeps as trophies in their reserve. */
	readonly volanteTrophies: number;
	/** The bounty on the player's Chief: the level of the Fame marker on the bounty column of the Fame Point Track (1 at 0 Fame Points). */
	readonly bounty?: number;
	/** Cangaceiros of the player's color in their reserve. */
	readonly cangaceirosInReserve?: number;
	/** Cangaceiros of the player's color in the Recife Prison. */
	readonly cangaceirosInPrison: number;
	/** Cangaceiros on the Guns line of the Player board. */
	readonly cangaceirosOnGunsLine: number;
	/** Cangaceiros on the Protection line of the Player board. */
	readonly cangaceirosOnProtectionLine: number;
	/** Cangaceiros on the Facão line of the Player board. */
	readonly cangaceirosOnFacaoLine: number;
	/** Cangaceiros on the Player board (all three lines; not the Chief). */
	readonly cangaceirosOnPlayerBoard: number;
	/** Cangaceiros of the player's color on Event tiles (placed with Cunning; they never come back). */
	readonly cangaceirosOnEventTrack: number;
	/** Cangaceiros of the player's color in Garrisons on the Map board, counted by the terrain of their space (only sertao, serra and caatinga spaces hold Fazendas). Without keys, the total of all Garrisons. */
	readonly garrisonsByTerrain: Readonly<Partial<Record<Terrain, number>>>;
	/** Training markers removed from the Chief card by Training, now on the Player board. */
	readonly trainingMarkersOnPlayerBoard: number;
	/** Training markers still on the Chief card (0 = fully trained). */
	readonly trainingMarkersOnChief?: number;
	/** Serra Action cards the player owns (hand, deck and discard pile). */
	readonly serraActionCards: number;
	/** Caatinga Action cards the player owns (hand, deck and discard pile). */
	readonly caatingaActionCards: number;
	/** The terrain of the space the player's Gang meeple is in. */
	readonly gangTerrain: Terrain;
};
/** A path of a Chief's fields, dotted (`a.0.b`): the keys of its `drafts` and `readings`; "" is the whole entry. */
export type ChiefField = "id" | "name" | `name.${string}` | "specialAbility" | `specialAbility.${string}` | "baseAbility" | "baseAbility.discard" | "baseAbility.take" | "baseAbility.actions" | `baseAbility.actions.${number}` | "guns" | "protection" | "facao" | "trainingSpaces" | `trainingSpaces.${number}` | `trainingSpaces.${number}.unlocks` | `trainingSpaces.${number}.amount` | "woundSpaces" | `woundSpaces.${number}` | `woundSpaces.${number}.covers` | "overrides" | `overrides.${number}` | `overrides.${number}.kind` | `overrides.${number}.trigger` | `overrides.${number}.amount` | `overrides.${number}.spaces` | `overrides.${number}.ignoresVolantes` | `overrides.${number}.action` | `overrides.${number}.count` | `overrides.${number}.draw` | `overrides.${number}.discard` | `overrides.${number}.city` | `overrides.${number}.pay` | `overrides.${number}.pay.${number}` | `overrides.${number}.gain` | `overrides.${number}.table` | `overrides.${number}.table.${number}` | `overrides.${number}.table.${number}.pay` | `overrides.${number}.table.${number}.gain` | `overrides.${number}.bonus` | `overrides.${number}.sum` | `overrides.${number}.sum.${number}` | `overrides.${number}.value` | `overrides.${number}.markers`;
export interface Chief {
	readonly id: ChiefId;
	/** The Chief's name as printed. */
	readonly name: string;
	/** The special ability, in the rulebook's words. */
	readonly specialAbility: string;
	/** The base ability: discard an Action card instead of playing it to take one of these actions. */
	readonly baseAbility: {
		/** Action cards discarded. */
		readonly discard: number;
		/** one: one of the actions; all: every action. */
		readonly take: "one" | "all";
		/** The actions. */
		readonly actions: readonly ("movement" | "garrison" | "training" | "plunder" | "cunning" | "ambush" | "threaten" | "attack")[];
	};
	/** Guns value on the Chief card. */
	readonly guns: number;
	/** Protection value on the Chief card. */
	readonly protection: number;
	/** Facão value on the Chief card. */
	readonly facao: number;
	/** The 3 Training spaces: what each marker covers until removed by Training. */
	readonly trainingSpaces: readonly ({
		/** What becomes available when the marker is removed. */
		readonly unlocks: "specialAbility" | "guns" | "protection" | "facao" | "woundSpace";
		/** The bonus, for guns/protection/facao. */
		readonly amount?: number;
	})[];
	/** The wound spaces; a Wound cube cancels what it covers. */
	readonly woundSpaces: readonly ({
		/** The ability or bonus the cube cancels. */
		readonly covers: "specialAbility" | "guns" | "protection" | "facao" | "woundSpace" | "nothing";
	})[];
	/** The special ability as structured rule changes. */
	readonly overrides?: readonly ({
		/** The kind of override. */
		readonly kind: "noPrisonReinforcementsToken";
	} | {
		/** The kind of override. */
		readonly kind: "extraFame";
		/** prisonFreed: the Recife Prison attack frees Cangaceiros (all defending Volantes killed, or none). */
		readonly trigger: "prisonFreed";
		/** Extra Fame Points. */
		readonly amount: number;
	} | {
		/** The kind of override. */
		readonly kind: "extraMovement";
		/** Extra spaces. */
		readonly spaces: number;
		/** The presence of Volantes does not interfere. */
		readonly ignoresVolantes?: boolean;
	} | {
		/** The kind of override. */
		readonly kind: "discardForAction";
		/** The action taken. */
		readonly action: "ambush" | "heal";
		/** How many (Ambush actions, or wounds healed). */
		readonly count: number;
	} | {
		/** The kind of override. */
		readonly kind: "extraReinforcementsDraw";
		/** Extra tokens drawn. */
		readonly draw: number;
		/** Tokens then discarded. */
		readonly discard: number;
	} | {
		/** The kind of override. */
		readonly kind: "extraPlunderGarrison";
		/** Additional Garrisons. */
		readonly count: number;
	} | {
		/** The kind of override. */
		readonly kind: "exchangeTable";
		/** The City. */
		readonly city: CityId;
		/** The playerState fields paid, in any combination. */
		readonly pay: readonly ("reis" | "fame" | "wounds" | "deal" | "vengeance" | "volanteTrophies" | "bounty" | "cangaceirosInReserve" | "cangaceirosInPrison" | "cangaceirosOnGunsLine" | "cangaceirosOnProtectionLine" | "cangaceirosOnFacaoLine" | "cangaceirosOnPlayerBoard" | "cangaceirosOnEventTrack" | "trainingMarkersOnPlayerBoard" | "trainingMarkersOnChief" | "serraActionCards" | "caatingaActionCards")[];
		/** The playerState field gained. */
		readonly gain: "reis" | "fame" | "wounds" | "deal" | "vengeance" | "volanteTrophies" | "bounty" | "cangaceirosInReserve" | "cangaceirosInPrison" | "cangaceirosOnGunsLine" | "cangaceirosOnProtectionLine" | "cangaceirosOnFacaoLine" | "cangaceirosOnPlayerBoard" | "cangaceirosOnEventTrack" | "trainingMarkersOnPlayerBoard" | "trainingMarkersOnChief" | "serraActionCards" | "caatingaActionCards";
		/** The rows as printed (1/3/5 to gain 1/4/6). */
		readonly table: readonly ({
			/** Total paid. */
			readonly pay: number;
			/** Gained. */
			readonly gain: number;
		})[];
	} | {
		/** The kind of override. */
		readonly kind: "ignoreAttackingVolantes";
		/** Volantes ignored. */
		readonly count: number;
	} | {
		/** The kind of override. */
		readonly kind: "plunderBonusExtra";
		/** The bonus received. */
		readonly bonus: PlunderBonusId;
		/** What is gained in addition. */
		readonly gain: "cangaceiro" | "deal" | "vengeance" | "reis";
		/** How many. */
		readonly amount: number;
	} | {
		/** The kind of override. */
		readonly kind: "garrisonAnywhere";
	} | {
		/** The kind of override. */
		readonly kind: "firingPower";
		/** The Chief values summed. */
		readonly sum: readonly ("guns" | "protection" | "facao")[];
	} | {
		/** The kind of override. */
		readonly kind: "meleeStrength";
		/** The strength. */
		readonly value: number;
	} | {
		/** The kind of override. */
		readonly kind: "trainAllAtOnce";
		/** Markers removed. */
		readonly markers: number;
	} | {
		/** The kind of override. */
		readonly kind: "onSpecialTrained";
		/** What is gained (a Cangaceiro goes on a line of your choice). */
		readonly gain: "cangaceiro" | "deal" | "vengeance";
		/** How many. */
		readonly amount: number;
	} | {
		/** The kind of override. */
		readonly kind: "protectionAnyLine";
	} | {
		/** The kind of override. */
		readonly kind: "cunningWithoutReward";
	} | {
		/** The kind of override. */
		readonly kind: "plunderOnRailroad";
		/** What is gained. */
		readonly gain: "reis";
		/** How many. */
		readonly amount: number;
	} | {
		/** The kind of override. */
		readonly kind: "baseAbilityAllActions";
	})[];
	/** Its values the rulebook does not give (placeholders), by field path, each with its note: `{}` when none. */
	readonly drafts: { readonly [P in ChiefField]?: string };
	/** Its choices where the rules are silent (readings), by field path, each with its note: `{}` when none. */
	readonly readings: { readonly [P in ChiefField]?: string };
}
/** A path of a EventTile's fields, dotted (`a.0.b`): the keys of its `drafts` and `readings`; "" is the whole entry. */
export type EventTileField = "id" | "name" | `name.${string}` | "gloss" | `gloss.${string}` | "nameLang" | "kind" | "effect" | `effect.${string}` | "reminder" | `reminder.${string}` | "setup" | `setup.${string}` | "examples" | `examples.${number}` | `examples.${number}.given` | `examples.${number}.given.${string}` | `examples.${number}.given.${string}.${string}` | `examples.${number}.expect` | `examples.${number}.expect.${string}` | `examples.${number}.expect.${string}.${string}` | `examples.${number}.note`;
export interface EventTile {
	readonly id: EventTileId;
	/** The effect compiled from the data: the player's state after it (fields it does not touch are kept). */
	readonly apply: (state: PlayerState) => PlayerState;
	/** The rule as rules text, rendered from the same data. */
	readonly rulesText: string;
	/** The Event's name as printed. */
	readonly name: string;
	/** What the Portuguese name means, in English: this edition's gloss, not printed in the rulebook (which keeps the names untranslated). */
	readonly gloss?: string;
	/** The language of this entry's name, where it is not the collection's. */
	readonly nameLang?: string;
	/** event: one of the 14 Event tiles; peace: the Peace tile. */
	readonly kind: "event" | "peace";
	/** What each player without a Cangaceiro on the tile suffers in Phase 4. */
	readonly effect: DslNode;
	/** Extra printed instructions that are not an effect. */
	readonly reminder?: string;
	/** Printed setup instruction for this tile. */
	readonly setup?: string;
	/** Worked examples (derived, not printed): each is a test of the effect. */
	readonly examples?: readonly ({
		/** The player's state before the effect (only the fields that matter). */
		readonly given: {
			readonly [key: string]: number | string | {
				readonly [key: string]: number | undefined;
			} | undefined;
		};
		/** The same fields after the effect. */
		readonly expect: {
			readonly [key: string]: number | string | {
				readonly [key: string]: number | undefined;
			} | undefined;
		};
		/** What the example shows. */
		readonly note?: string;
	})[];
	/** Its values the rulebook does not give (placeholders), by field path, each with its note: `{}` when none. */
	readonly drafts: { readonly [P in EventTileField]?: string };
	/** Its choices where the rules are silent (readings), by field path, each with its note: `{}` when none. */
	readonly readings: { readonly [P in EventTileField]?: string };
}
/** A path of a ActionCard's fields, dotted (`a.0.b`): the keys of its `drafts` and `readings`; "" is the whole entry. */
export type ActionCardField = "id" | "name" | `name.${string}` | "deck" | "attack" | "attack.movement" | "attack.guns" | "attack.protection" | "attack.facao" | "action" | "action.icons" | `action.icons.${number}` | "action.text" | `action.text.${string}` | "action.threatResources" | `action.threatResources.${number}` | "action.effect" | `action.effect.${string}`;
export interface ActionCard {
	readonly id: ActionCardId;
	/** The effect compiled from the data: the player's state after it (fields it does not touch are kept). */
	readonly apply?: (state: PlayerState) => PlayerState;
	/** The rule as rules text, rendered from the same data. */
	readonly rulesText?: string;
	/** The card's display name (not printed: placeholder). */
	readonly name: string;
	/** Which deck the card belongs to. */
	readonly deck: "starting" | "serra" | "caatinga";
	/** The upper part (ATTACK): a movement and an attack on the Volantes. */
	readonly attack: {
		/** Movement actions with the attack. */
		readonly movement: number;
		/** Guns bonus of the attack part. */
		readonly guns: number;
		/** Protection bonus of the attack part. */
		readonly protection: number;
		/** Facão bonus of the attack part. */
		readonly facao: number;
	};
	/** The lower part (ACTION). */
	readonly action: {
		/** The action icons shown. */
		readonly icons?: readonly ("movement" | "garrison" | "training" | "plunder" | "cunning" | "ambush" | "threaten" | "attack")[];
		/** The lower part in the rulebook's words. */
		readonly text?: string;
		/** Caatinga cards: the resources shown on the card that the target must have to be allowed to choose to suffer the effects. */
		readonly threatResources?: readonly ("reis" | "fame" | "wounds" | "deal" | "vengeance" | "volanteTrophies" | "bounty" | "cangaceirosInReserve" | "cangaceirosInPrison" | "cangaceirosOnGunsLine" | "cangaceirosOnProtectionLine" | "cangaceirosOnFacaoLine" | "cangaceirosOnPlayerBoard" | "cangaceirosOnEventTrack" | "trainingMarkersOnPlayerBoard" | "trainingMarkersOnChief" | "serraActionCards" | "caatingaActionCards" | "garrisonsByTerrain")[];
		/** The lower part as an effect on the player's state, where the DSL can say it (the printed `text` stays the wording; the build holds its numbers to this data). */
		readonly effect?: DslNode;
	};
	/** Its values the rulebook does not give (placeholders), by field path, each with its note: `{}` when none. */
	readonly drafts: { readonly [P in ActionCardField]?: string };
	/** Its choices where the rules are silent (readings), by field path, each with its note: `{}` when none. */
	readonly readings: { readonly [P in ActionCardField]?: string };
}
/** A path of a ThreatOption's fields, dotted (`a.0.b`): the keys of its `drafts` and `readings`; "" is the whole entry. */
export type ThreatOptionField = "id" | "name" | `name.${string}` | "option" | "text" | `text.${string}` | "onlyChoiceWhen" | `onlyChoiceWhen.${string}`;
export interface ThreatOption {
	readonly id: ThreatOptionId;
	/** A short name composed from the printed words. */
	readonly name: string;
	/** 1 or 2, in printed order. */
	readonly option: number;
	/** The option in the rulebook's words. */
	readonly text: string;
	/** When this is the only option, in the rulebook's words. */
	readonly onlyChoiceWhen?: string;
	/** Its values the rulebook does not give (placeholders), by field path, each with its note: `{}` when none. */
	readonly drafts: { readonly [P in ThreatOptionField]?: string };
	/** Its choices where the rules are silent (readings), by field path, each with its note: `{}` when none. */
	readonly readings: { readonly [P in ThreatOptionField]?: string };
}
/** A path of a Fazenda's fields, dotted (`a.0.b`): the keys of its `drafts` and `readings`; "" is the whole entry. */
export type FazendaField = "id" | "name" | `name.${string}` | "terrain" | "players" | `players.${number}` | "bonuses" | `bonuses.${number}`;
export interface Fazenda {
	readonly id: FazendaId;
	/** Display name (not printed: placeholder). */
	readonly name: string;
	/** The terrain whose spaces the tile goes in (yellow Sertão, brown Serra, green Caatinga). */
	readonly terrain: "sertao" | "serra" | "caatinga";
	/** The player counts on the tile's back. */
	readonly players: readonly ("2/3" | "4/5")[];
	/** The bonus icons on the tile, each a bonus gained with Plunder. */
	readonly bonuses: readonly (PlunderBonusId)[];
	/** Its values the rulebook does not give (placeholders), by field path, each with its note: `{}` when none. */
	readonly drafts: { readonly [P in FazendaField]?: string };
	/** Its choices where the rules are silent (readings), by field path, each with its note: `{}` when none. */
	readonly readings: { readonly [P in FazendaField]?: string };
}
/** A path of a City's fields, dotted (`a.0.b`): the keys of its `drafts` and `readings`; "" is the whole entry. */
export type CityField = "id" | "name" | `name.${string}` | "spellings" | `spellings.${number}` | "terrain" | "prison" | "start" | "plunder" | "plunder.exchange" | "plunder.exchange.pay" | `plunder.exchange.pay.${number}` | "plunder.exchange.gain" | "plunder.exchange.table" | `plunder.exchange.table.${number}` | `plunder.exchange.table.${number}.pay` | `plunder.exchange.table.${number}.gain` | "plunder.none" | "prisonAttack" | "prisonAttack.minimumPrisoners" | "prisonAttack.prisonersAnyColor" | "prisonAttack.defenders" | "prisonAttack.volantesReinforcementsPerVolante" | "prisonAttack.prisonReinforcements" | "prisonAttack.freed" | "prisonAttack.freed.colors" | "prisonAttack.freed.returnTo" | "prisonAttack.freed.famePerCangaceiro" | "text" | `text.${string}`;
export interface City {
	readonly id: CityId;
	/** The name as printed. */
	readonly name: string;
	/** Every spelling the rulebook prints. */
	readonly spellings?: readonly (string)[];
	/** city, or juazeiro for the central space. */
	readonly terrain: "city" | "juazeiro";
	/** The Prison is here. */
	readonly prison?: boolean;
	/** Gangs start here and return here when a Chief dies or retires. */
	readonly start?: boolean;
	/** What a Plunder here does. */
	readonly plunder: {
		/** An exchange: pay 1 row's total, gain its value. */
		readonly exchange?: {
			/** playerState fields paid, in any combination. */
			readonly pay: readonly ("reis" | "fame" | "wounds" | "deal" | "vengeance" | "volanteTrophies" | "bounty" | "cangaceirosInReserve" | "cangaceirosInPrison" | "cangaceirosOnGunsLine" | "cangaceirosOnProtectionLine" | "cangaceirosOnFacaoLine" | "cangaceirosOnPlayerBoard" | "cangaceirosOnEventTrack" | "trainingMarkersOnPlayerBoard" | "trainingMarkersOnChief" | "serraActionCards" | "caatingaActionCards")[];
			/** playerState field gained. */
			readonly gain: "reis" | "fame" | "wounds" | "deal" | "vengeance" | "volanteTrophies" | "bounty" | "cangaceirosInReserve" | "cangaceirosInPrison" | "cangaceirosOnGunsLine" | "cangaceirosOnProtectionLine" | "cangaceirosOnFacaoLine" | "cangaceirosOnPlayerBoard" | "cangaceirosOnEventTrack" | "trainingMarkersOnPlayerBoard" | "trainingMarkersOnChief" | "serraActionCards" | "caatingaActionCards";
			/** Rows as printed. */
			readonly table: readonly ({
				/** Total paid. */
				readonly pay: number;
				/** Gained. */
				readonly gain: number;
			})[];
		};
		/** This space cannot be activated with Plunder. */
		readonly none?: boolean;
	};
	/** Attacking the Recife Prison. */
	readonly prisonAttack?: {
		/** Cangaceiros in prison needed to attack. */
		readonly minimumPrisoners: number;
		/** Prisoners of any color count. */
		readonly prisonersAnyColor?: boolean;
		/** Who defends. */
		readonly defenders: "allVolantesInSpace";
		/** Volantes Reinforcements tokens flipped per defending Volante. */
		readonly volantesReinforcementsPerVolante?: number;
		/** Prison Reinforcements tokens flipped. */
		readonly prisonReinforcements: number;
		/** Who is freed when the wounds reach the skull. */
		readonly freed: {
			/** Colors chosen. */
			readonly colors: number;
			/** Where freed Cangaceiros go. */
			readonly returnTo: "ownerReserve";
			/** Fame Points per Cangaceiro freed. */
			readonly famePerCangaceiro: number;
		};
	};
	/** The City's entry in the rulebook's words. */
	readonly text: string;
	/** Its values the rulebook does not give (placeholders), by field path, each with its note: `{}` when none. */
	readonly drafts: { readonly [P in CityField]?: string };
	/** Its choices where the rules are silent (readings), by field path, each with its note: `{}` when none. */
	readonly readings: { readonly [P in CityField]?: string };
}
/** A path of a PlunderBonus's fields, dotted (`a.0.b`): the keys of its `drafts` and `readings`; "" is the whole entry. */
export type PlunderBonusField = "id" | "name" | `name.${string}` | "gloss" | `gloss.${string}` | "nameLang" | "gain" | "gain.resource" | "gain.amount" | "gain.cangaceiro" | "gain.swapEventTiles" | "gain.heal" | "limit" | "text" | `text.${string}` | "uses" | `uses.${number}` | `uses.${number}.${string}`;
export interface PlunderBonus {
	readonly id: PlunderBonusId;
	/** The bonus name as printed. */
	readonly name: string;
	/** What the Portuguese name means, in English: this edition's gloss, not printed in the rulebook (which keeps the names untranslated). */
	readonly gloss?: string;
	/** The language of this entry's name, where it is not the collection's. */
	readonly nameLang?: string;
	/** What the bonus gives. */
	readonly gain: {
		/** Declared resource. */
		readonly resource: "reis" | "deal" | "vengeance";
		/** How many. */
		readonly amount: number;
	} | {
		/** Declared zone. */
		readonly cangaceiro: "guns-line" | "protection-line" | "facao-line";
		/** How many. */
		readonly amount: number;
	} | {
		/** Tiles switched. */
		readonly swapEventTiles: number;
	} | {
		/** Wound cubes removed. */
		readonly heal: number;
	};
	/** The most a line can hold. */
	readonly limit?: number;
	/** The bonus in the rulebook's words. */
	readonly text: string;
	/** Printed ways to use the tokens. */
	readonly uses?: readonly (string)[];
	/** Its values the rulebook does not give (placeholders), by field path, each with its note: `{}` when none. */
	readonly drafts: { readonly [P in PlunderBonusField]?: string };
	/** Its choices where the rules are silent (readings), by field path, each with its note: `{}` when none. */
	readonly readings: { readonly [P in PlunderBonusField]?: string };
}
/** A path of a LifeGoal's fields, dotted (`a.0.b`): the keys of its `drafts` and `readings`; "" is the whole entry. */
export type LifeGoalField = "id" | "name" | `name.${string}` | "cost" | `cost.${number}` | `cost.${number}.resource` | `cost.${number}.amount` | "fame" | `fame.${string}` | "requiresFullyTrained";
export interface LifeGoal {
	readonly id: LifeGoalId;
	/** The value compiled from the data, from one player's state. */
	readonly value: (state: PlayerState) => number;
	/** The rule as rules text, rendered from the same data. */
	readonly rulesText: string;
	/** The value rule as a formula over the player state's fields (`(fame + ⌊coins / 3⌋)`), to check the sentence in `rulesText` against. */
	readonly formula: string;
	/** Display name (not printed: placeholder). */
	readonly name: string;
	/** The resources in the red box. */
	readonly cost: readonly ({
		/** The kind of resource. */
		readonly resource: LifeGoalCostId;
		/** How many. */
		readonly amount: number;
	})[];
	/** Fame Points gained, as a value rule over the player's state (compiled to `value(state)`). */
	readonly fame: DslNode;
	/** The Chief must have no Training markers on its card. */
	readonly requiresFullyTrained: boolean;
	/** Its values the rulebook does not give (placeholders), by field path, each with its note: `{}` when none. */
	readonly drafts: { readonly [P in LifeGoalField]?: string };
	/** Its choices where the rules are silent (readings), by field path, each with its note: `{}` when none. */
	readonly readings: { readonly [P in LifeGoalField]?: string };
}
/** A path of a LifeGoalCost's fields, dotted (`a.0.b`): the keys of its `drafts` and `readings`; "" is the whole entry. */
export type LifeGoalCostField = "id" | "name" | `name.${string}` | "text" | `text.${string}` | "quantity" | `quantity.${string}`;
export interface LifeGoalCost {
	readonly id: LifeGoalCostId;
	/** The value compiled from the data, from one player's state. */
	readonly value: (state: PlayerState) => number;
	/** The rule as rules text, rendered from the same data. */
	readonly rulesText: string;
	/** The value rule as a formula over the player state's fields (`(fame + ⌊coins / 3⌋)`), to check the sentence in `rulesText` against. */
	readonly formula: string;
	/** Short name composed from the printed sentence. */
	readonly name: string;
	/** The rulebook's sentence. */
	readonly text: string;
	/** What the player must hold. */
	readonly quantity: DslNode;
	/** Its values the rulebook does not give (placeholders), by field path, each with its note: `{}` when none. */
	readonly drafts: { readonly [P in LifeGoalCostField]?: string };
	/** Its choices where the rules are silent (readings), by field path, each with its note: `{}` when none. */
	readonly readings: { readonly [P in LifeGoalCostField]?: string };
}
/** A path of a VolantesCard's fields, dotted (`a.0.b`): the keys of its `drafts` and `readings`; "" is the whole entry. */
export type VolantesCardField = "id" | "name" | `name.${string}` | "players" | "backFigures" | "rounds" | `rounds.${number}` | "famePerVolante" | "spawn" | `spawn.${number}` | `spawn.${number}.city` | `spawn.${number}.count` | "guns" | "protection" | "facao" | "woundSpaces";
export interface VolantesCard {
	readonly id: VolantesCardId;
	/** Display name (not printed: placeholder). */
	readonly name: string;
	/** Number of players printed on the front (A). */
	readonly players: "2/3" | "4/5";
	/** Volantes figures on the back. */
	readonly backFigures: 1 | 2 | 3;
	/** Rounds in which the card can be the active Volantes card. */
	readonly rounds?: readonly (number)[];
	/** Fame Point value of each Volante (E). */
	readonly famePerVolante: number;
	/** Number of Volantes in each City (C). */
	readonly spawn: readonly ({
		/** The City. */
		readonly city: CityId;
		/** How many. */
		readonly count: number;
	})[];
	/** Guns of the Volantes (D). */
	readonly guns: number;
	/** Protection of the Volantes (D). */
	readonly protection: number;
	/** Facão of the Volantes (D). */
	readonly facao: number;
	/** Number of wound spaces per Volante (B). */
	readonly woundSpaces: number;
	/** Its values the rulebook does not give (placeholders), by field path, each with its note: `{}` when none. */
	readonly drafts: { readonly [P in VolantesCardField]?: string };
	/** Its choices where the rules are silent (readings), by field path, each with its note: `{}` when none. */
	readonly readings: { readonly [P in VolantesCardField]?: string };
}
/** A path of a ReinforcementsToken's fields, dotted (`a.0.b`): the keys of its `drafts` and `readings`; "" is the whole entry. */
export type ReinforcementsTokenField = "id" | "name" | `name.${string}` | "kind" | "guns" | "protection" | "facao" | "skull";
export interface ReinforcementsToken {
	readonly id: ReinforcementsTokenId;
	/** Display name (not printed: placeholder). */
	readonly name: string;
	/** Volantes or Prison Reinforcements. */
	readonly kind: "volantes" | "prison";
	/** Guns bonus. */
	readonly guns: number;
	/** Protection bonus. */
	readonly protection: number;
	/** Facão bonus. */
	readonly facao: number;
	/** Prison Reinforcements: wounds reaching its skull space free the prisoners. */
	readonly skull?: boolean;
	/** Its values the rulebook does not give (placeholders), by field path, each with its note: `{}` when none. */
	readonly drafts: { readonly [P in ReinforcementsTokenField]?: string };
	/** Its choices where the rules are silent (readings), by field path, each with its note: `{}` when none. */
	readonly readings: { readonly [P in ReinforcementsTokenField]?: string };
}
/** A path of a RewardTile's fields, dotted (`a.0.b`): the keys of its `drafts` and `readings`; "" is the whole entry. */
export type RewardTileField = "id" | "name" | `name.${string}` | "bonus";
export interface RewardTile {
	readonly id: RewardTileId;
	/** Display name (not printed: placeholder). */
	readonly name: string;
	/** The bonus shown. */
	readonly bonus: PlunderBonusId;
	/** Its values the rulebook does not give (placeholders), by field path, each with its note: `{}` when none. */
	readonly drafts: { readonly [P in RewardTileField]?: string };
	/** Its choices where the rules are silent (readings), by field path, each with its note: `{}` when none. */
	readonly readings: { readonly [P in RewardTileField]?: string };
}
/** A path of a Icon's fields, dotted (`a.0.b`): the keys of its `drafts` and `readings`; "" is the whole entry. */
export type IconField = "id" | "name" | `name.${string}` | "gloss" | `gloss.${string}` | "nameLang" | "text" | `text.${string}` | "image";
export interface Icon {
	readonly id: IconId;
	/** The icon's name as printed. */
	readonly name: string;
	/** What the Portuguese name means, in English: this edition's gloss, not printed in the rulebook (which keeps the names untranslated). */
	readonly gloss?: string;
	/** The language of this entry's name, where it is not the collection's. */
	readonly nameLang?: string;
	/** Its meaning in the rulebook's words. */
	readonly text: string;
	/** The icon's picture: an SVG file, as a path from this YAML file (icons/boot.svg). The site draws it sanitised, inline, at the size of the text (shapes only: nothing in it can run or load). A drawing this edition made, not the printed art, is a placeholder whose note says so. */
	readonly image?: string;
	/** Its values the rulebook does not give (placeholders), by field path, each with its note: `{}` when none. */
	readonly drafts: { readonly [P in IconField]?: string };
	/** Its choices where the rules are silent (readings), by field path, each with its note: `{}` when none. */
	readonly readings: { readonly [P in IconField]?: string };
}
/** A path of a VolantesAttackRow's fields, dotted (`a.0.b`): the keys of its `drafts` and `readings`; "" is the whole entry. */
export type VolantesAttackRowField = "id" | "name" | `name.${string}` | "volantes" | "orMore" | "chiefWounds" | "arrested" | "printed" | "printed.chiefWounds" | `printed.chiefWounds.${string}` | "printed.arrested" | `printed.arrested.${string}`;
export interface VolantesAttackRow {
	readonly id: VolantesAttackRowId;
	/** The Number of Volantes cell as printed. */
	readonly name: string;
	/** Number of Volantes. */
	readonly volantes: number;
	/** This row is for this number or more. */
	readonly orMore?: true | false;
	/** Wounds Suffered by the Chief. */
	readonly chiefWounds: number | "dies";
	/** Arrested Cangaceiros. */
	readonly arrested: number | "all";
	/** Printed cell texts where not a number. */
	readonly printed?: {
		/** As printed. */
		readonly chiefWounds?: string;
		/** As printed. */
		readonly arrested?: string;
	};
	/** Its values the rulebook does not give (placeholders), by field path, each with its note: `{}` when none. */
	readonly drafts: { readonly [P in VolantesAttackRowField]?: string };
	/** Its choices where the rules are silent (readings), by field path, each with its note: `{}` when none. */
	readonly readings: { readonly [P in VolantesAttackRowField]?: string };
}
/** A path of a BountyLevel's fields, dotted (`a.0.b`): the keys of its `drafts` and `readings`; "" is the whole entry. */
export type BountyLevelField = "id" | "name" | `name.${string}` | "bounty" | "fameFrom" | "fameTo";
export interface BountyLevel {
	readonly id: BountyLevelId;
	/** The level as shown. */
	readonly name: string;
	/** The bounty: Fame Points lost when the Chief dies. */
	readonly bounty: number;
	/** Lowest Fame Points at this level. */
	readonly fameFrom: number;
	/** Highest Fame Points at this level (open-ended when absent). */
	readonly fameTo?: number;
	/** Its values the rulebook does not give (placeholders), by field path, each with its note: `{}` when none. */
	readonly drafts: { readonly [P in BountyLevelField]?: string };
	/** Its choices where the rules are silent (readings), by field path, each with its note: `{}` when none. */
	readonly readings: { readonly [P in BountyLevelField]?: string };
}
/** A path of a Phase's fields, dotted (`a.0.b`): the keys of its `drafts` and `readings`; "" is the whole entry. */
export type PhaseField = "id" | "name" | `name.${string}` | "number" | "summary" | `summary.${string}` | "cards" | "order";
export interface Phase {
	readonly id: PhaseId;
	/** The phase name as printed. */
	readonly name: string;
	/** Its number (1-6). */
	readonly number: number;
	/** The Phases Summary text. */
	readonly summary: string;
	/** Cards chosen. */
	readonly cards?: number;
	/** Player order: from the player with the Facão, clockwise. */
	readonly order?: "facaoThenClockwise";
	/** Its values the rulebook does not give (placeholders), by field path, each with its note: `{}` when none. */
	readonly drafts: { readonly [P in PhaseField]?: string };
	/** Its choices where the rules are silent (readings), by field path, each with its note: `{}` when none. */
	readonly readings: { readonly [P in PhaseField]?: string };
}
/** A path of a GameEnd's fields, dotted (`a.0.b`): the keys of its `drafts` and `readings`; "" is the whole entry. */
export type GameEndField = "id" | "name" | `name.${string}` | "trigger" | "trigger.endOfRound" | "trigger.lifeGoalsDepleted" | "trigger.playUntilEndOfPhase" | "trigger.skipRemainingPhases" | "text" | `text.${string}` | "summary" | `summary.${string}`;
export interface GameEnd {
	readonly id: GameEndId;
	/** Short name. */
	readonly name: string;
	/** When the game ends. */
	readonly trigger: {
		/** The game ends at the end of this Round. */
		readonly endOfRound?: number;
		/** The Life Goal cards are depleted during a Round. */
		readonly lifeGoalsDepleted?: boolean;
		/** Play until the end of this phase. */
		readonly playUntilEndOfPhase?: number;
		/** Skip the remaining phases. */
		readonly skipRemainingPhases?: boolean;
	};
	/** As printed in End of the Game. */
	readonly text: string;
	/** As printed in End of the Game (Summary). */
	readonly summary: string;
	/** Its values the rulebook does not give (placeholders), by field path, each with its note: `{}` when none. */
	readonly drafts: { readonly [P in GameEndField]?: string };
	/** Its choices where the rules are silent (readings), by field path, each with its note: `{}` when none. */
	readonly readings: { readonly [P in GameEndField]?: string };
}
/** A path of a Scoring's fields, dotted (`a.0.b`): the keys of its `drafts` and `readings`; "" is the whole entry. */
export type ScoringField = "id" | "name" | `name.${string}` | "winner" | "winner.most" | "tieBreakers" | `tieBreakers.${number}` | `tieBreakers.${number}.fewest` | `tieBreakers.${number}.text` | `tieBreakers.${number}.text.${string}` | "finalTie" | "finalTieText" | `finalTieText.${string}` | "fame" | `fame.${string}` | "examples" | `examples.${number}` | `examples.${number}.note` | `examples.${number}.given` | `examples.${number}.given.${string}` | `examples.${number}.expect`;
export interface Scoring {
	readonly id: ScoringId;
	/** The value compiled from the data, from one player's state. */
	readonly value: (state: PlayerState) => number;
	/** The rule as rules text, rendered from the same data. */
	readonly rulesText: string;
	/** The value rule as a formula over the player state's fields (`(fame + ⌊coins / 3⌋)`), to check the sentence in `rulesText` against. */
	readonly formula: string;
	/** Name. */
	readonly name: string;
	/** Who wins. */
	readonly winner: {
		/** The field compared. */
		readonly most: "reis" | "fame" | "wounds" | "deal" | "vengeance" | "volanteTrophies" | "bounty" | "cangaceirosInReserve" | "cangaceirosInPrison" | "cangaceirosOnGunsLine" | "cangaceirosOnProtectionLine" | "cangaceirosOnFacaoLine" | "cangaceirosOnPlayerBoard" | "cangaceirosOnEventTrack" | "trainingMarkersOnPlayerBoard" | "trainingMarkersOnChief" | "serraActionCards" | "caatingaActionCards";
	};
	/** Tie-breakers in order. */
	readonly tieBreakers: readonly ({
		/** The player with fewer wins. */
		readonly fewest: "reis" | "fame" | "wounds" | "deal" | "vengeance" | "volanteTrophies" | "bounty" | "cangaceirosInReserve" | "cangaceirosInPrison" | "cangaceirosOnGunsLine" | "cangaceirosOnProtectionLine" | "cangaceirosOnFacaoLine" | "cangaceirosOnPlayerBoard" | "cangaceirosOnEventTrack" | "trainingMarkersOnPlayerBoard" | "trainingMarkersOnChief" | "serraActionCards" | "caatingaActionCards";
		/** As printed. */
		readonly text: string;
	})[];
	/** What happens after the last tie-breaker. */
	readonly finalTie: "share";
	/** As printed. */
	readonly finalTieText?: string;
	/** A player's final Fame Points from their end state, as the rules DSL: compiled to `value(state)`. */
	readonly fame: DslNode;
	/** Worked examples (derived, not printed): a player's state and the final Fame expected. */
	readonly examples?: readonly ({
		/** What it shows. */
		readonly note?: string;
		/** The player's state at the end (fields left out are 0). */
		readonly given: {
			readonly [key: string]: unknown;
		};
		/** The final Fame Points. */
		readonly expect: number;
	})[];
	/** Its values the rulebook does not give (placeholders), by field path, each with its note: `{}` when none. */
	readonly drafts: { readonly [P in ScoringField]?: string };
	/** Its choices where the rules are silent (readings), by field path, each with its note: `{}` when none. */
	readonly readings: { readonly [P in ScoringField]?: string };
}
/** A path of a MapSide's fields, dotted (`a.0.b`): the keys of its `drafts` and `readings`; "" is the whole entry. */
export type MapSideField = "" | "id" | "name" | `name.${string}` | "players" | "provenance" | "note" | `note.${string}` | "woundBorder" | "woundBorder.terrain" | "woundBorder.color" | "woundBorder.onEnter" | `woundBorder.onEnter.${string}` | "eventTrackSpaces" | "firstRoundVolantes" | `firstRoundVolantes.${number}` | `firstRoundVolantes.${number}.city` | `firstRoundVolantes.${number}.count` | "spaces" | `spaces.${number}` | `spaces.${number}.id` | `spaces.${number}.name` | `spaces.${number}.terrain` | `spaces.${number}.fazendaSlots` | `spaces.${number}.x` | `spaces.${number}.y` | `spaces.${number}.city` | `spaces.${number}.start` | `spaces.${number}.token` | "edges" | `edges.${number}` | `edges.${number}.a` | `edges.${number}.b` | `edges.${number}.kind` | "arrows" | `arrows.${number}` | `arrows.${number}.from` | `arrows.${number}.to`;
export interface MapSide<Side extends MapSideId = MapSideId> {
	readonly id: Side;
	/** The effect compiled from the data: the player's state after it (fields it does not touch are kept). */
	readonly apply: (state: PlayerState) => PlayerState;
	/** The rule as rules text, rendered from the same data. */
	readonly rulesText: string;
	/** Which side. */
	readonly name: string;
	/** Player counts for this side. */
	readonly players: "2/3" | "4/5";
	/** placeholder: the layout is a draft not printed in the rulebook. */
	readonly provenance: "printed" | "placeholder";
	/** What is drafted and why. */
	readonly note: string;
	/** The red border: entering this terrain wounds the Gang. */
	readonly woundBorder?: {
		/** Terrain. */
		readonly terrain: "sertao" | "serra" | "caatinga" | "city" | "juazeiro" | "crossroads";
		/** Border colour. */
		readonly color?: string;
		/** Effect on entering. */
		readonly onEnter: DslNode;
	};
	/** Spaces on the Event Track. */
	readonly eventTrackSpaces?: number;
	/** The Volantes card for Round 1 printed on the board: Volantes per City. */
	readonly firstRoundVolantes?: readonly ({
		/** The City. */
		readonly city: CityId;
		/** How many. */
		readonly count: number;
	})[];
	/** The spaces. */
	readonly spaces: readonly ({
		/** Space ID, unique on this side. */
		readonly id: MapSideNodeId<Side>;
		/** Space name (draft). */
		readonly name: string;
		/** Declared terrain. */
		readonly terrain: "sertao" | "serra" | "caatinga" | "city" | "juazeiro" | "crossroads";
		/** Fazenda tiles the space holds. */
		readonly fazendaSlots: number;
		/** Drawing x (0..1000). */
		readonly x: number;
		/** Drawing y (0..1000). */
		readonly y: number;
		/** The City (or Juazeiro) this space is. */
		readonly city?: CityId;
		/** Gangs start here. */
		readonly start?: boolean;
		/** A token placed here at setup. */
		readonly token?: "blessing";
	})[];
	/** Adjacencies (undirected). */
	readonly edges: readonly ({
		/** A space ID. */
		readonly a: MapSideNodeId<Side>;
		/** A space ID. */
		readonly b: MapSideNodeId<Side>;
		/** border: shared border; railroad: Cities only, Gangs only. */
		readonly kind: "border" | "railroad";
	})[];
	/** Printed arrows the Volantes follow when they have no target. */
	readonly arrows: readonly ({
		/** Space ID. */
		readonly from: MapSideNodeId<Side>;
		/** Bordering space ID. */
		readonly to: MapSideNodeId<Side>;
	})[];
	/** Its values the rulebook does not give (placeholders), by field path, each with its note: `{}` when none. */
	readonly drafts: { readonly [P in MapSideField]?: string };
	/** Its choices where the rules are silent (readings), by field path, each with its note: `{}` when none. */
	readonly readings: { readonly [P in MapSideField]?: string };
}
/** Whether a string is the ID of one of the Chief Cangaceiros Cards. */
export declare function isChiefId(s: string): s is ChiefId;
/** Whether a string is the ID of one of the Event tiles. */
export declare function isEventTileId(s: string): s is EventTileId;
/** Whether a string is the ID of one of the Action cards. */
export declare function isActionCardId(s: string): s is ActionCardId;
/** Whether a string is the ID of one of the Answers to a Threaten action. */
export declare function isThreatOptionId(s: string): s is ThreatOptionId;
/** Whether a string is the ID of one of the Fazenda tiles. */
export declare function isFazendaId(s: string): s is FazendaId;
/** Whether a string is the ID of one of the Cities. */
export declare function isCityId(s: string): s is CityId;
/** Whether a string is the ID of one of the Plunder bonuses. */
export declare function isPlunderBonusId(s: string): s is PlunderBonusId;
/** Whether a string is the ID of one of the Life Goal cards. */
export declare function isLifeGoalId(s: string): s is LifeGoalId;
/** Whether a string is the ID of one of the Life Goal resources. */
export declare function isLifeGoalCostId(s: string): s is LifeGoalCostId;
/** Whether a string is the ID of one of the Volantes cards. */
export declare function isVolantesCardId(s: string): s is VolantesCardId;
/** Whether a string is the ID of one of the Reinforcements tokens. */
export declare function isReinforcementsTokenId(s: string): s is ReinforcementsTokenId;
/** Whether a string is the ID of one of the Reward tiles. */
export declare function isRewardTileId(s: string): s is RewardTileId;
/** Whether a string is the ID of one of the Icon List. */
export declare function isIconId(s: string): s is IconId;
/** Whether a string is the ID of one of the Outcome of a Volantes attack. */
export declare function isVolantesAttackRowId(s: string): s is VolantesAttackRowId;
/** Whether a string is the ID of one of the Bounty. */
export declare function isBountyLevelId(s: string): s is BountyLevelId;
/** Whether a string is the ID of one of the Phases of a Round. */
export declare function isPhaseId(s: string): s is PhaseId;
/** Whether a string is the ID of one of the End of the Game. */
export declare function isGameEndId(s: string): s is GameEndId;
/** Whether a string is the ID of one of the Final Scoring. */
export declare function isScoringId(s: string): s is ScoringId;
/** Whether a string is the ID of one of the Map board. */
export declare function isMapSideId(s: string): s is MapSideId;
/** The nodes of each map side, by the side's ID: a node of one side is not a node of another. */
export interface MapSideNodes {
	readonly "players-2-3": "mossoro" | "pau-dos-ferros" | "sousa" | "serra-do-araripe" | "serra-talhada" | "juazeiro" | "recife" | "caruaru" | "crossroads" | "ouricuri" | "salgueiro" | "petrolina" | "floresta" | "moxoto" | "cabrobo" | "paulo-afonso" | "raso-da-catarina" | "salvador";
	readonly "players-4-5": "mossoro" | "pau-dos-ferros" | "sousa" | "patos" | "exu" | "serra-do-araripe" | "serra-talhada" | "juazeiro" | "recife" | "caruaru" | "crossroads" | "ouricuri" | "serra-da-capivara" | "salgueiro" | "petrolina" | "floresta" | "moxoto" | "cabrobo" | "paulo-afonso" | "raso-da-catarina" | "canudos" | "jeremoabo" | "salvador";
}
/** A node of one map side (`MapSideNodeId<"players-2-3">`), or of any side (no argument). */
export type MapSideNodeId<Side extends MapSideId = MapSideId> = MapSideNodes[Side];
/** Whether a string is a node of this map side (false for a node of another side, or an unknown side). */
export declare function isMapSideNodeId<Side extends MapSideId>(side: Side, s: string): s is MapSideNodeId<Side>;
/** A piece on the board as the gang mover reads it: a node of one side of the map (any side without an argument), a kind it targets and its owner. */
export type GangPiece<
	Side extends MapSideId = MapSideId,
	Owner extends string = string
> = RuntimePiece<MapSideNodeId<Side>, string, Owner>;
/** A piece on the board as the volante mover reads it: a node of one side of the map (any side without an argument), a kind it targets and its owner. */
export type VolantePiece<
	Side extends MapSideId = MapSideId,
	Owner extends string = string
> = RuntimePiece<MapSideNodeId<Side>, "gang" | "garrison", Owner>;
/** Cangaceiros: every collection with `all` and `byId`, the game's declarations, its rules as functions and its placeholder report. */
export interface CangaceirosNamespace {
	readonly id: "cangaceiros";
	readonly name: string;
	readonly locale: "en";
	readonly players: {
		readonly min: number;
		readonly max: number;
	};
	/** The game's components, as its component list gives them. */
	readonly components: readonly ComponentInfo<string>[];
	readonly declarations: {
		readonly terrains: readonly DeclarationEntry<Terrain, string>[];
		readonly resources: readonly DeclarationEntry<Resource, string>[];
		readonly zones: readonly DeclarationEntry<Zone, string>[];
		readonly pieceKinds: readonly DeclarationEntry<PieceKind, string>[];
		readonly actions: readonly DeclarationEntry<Action, string>[];
	};
	/** Chief Cangaceiros Cards */
	readonly chiefs: Collection<ChiefId, Chief>;
	/** Event tiles */
	readonly events: Collection<EventTileId, EventTile>;
	/** Action cards */
	readonly actionCards: Collection<ActionCardId, ActionCard>;
	/** Answers to a Threaten action */
	readonly threatOptions: Collection<ThreatOptionId, ThreatOption>;
	/** Fazenda tiles */
	readonly fazendas: Collection<FazendaId, Fazenda>;
	/** Cities */
	readonly cities: Collection<CityId, City>;
	/** Plunder bonuses */
	readonly plunderBonuses: Collection<PlunderBonusId, PlunderBonus>;
	/** Life Goal cards */
	readonly lifeGoals: Collection<LifeGoalId, LifeGoal>;
	/** Life Goal resources */
	readonly lifeGoalCosts: Collection<LifeGoalCostId, LifeGoalCost>;
	/** Volantes cards */
	readonly volantesCards: Collection<VolantesCardId, VolantesCard>;
	/** Reinforcements tokens */
	readonly reinforcements: Collection<ReinforcementsTokenId, ReinforcementsToken>;
	/** Reward tiles */
	readonly rewardTiles: Collection<RewardTileId, RewardTile>;
	/** Icon List */
	readonly icons: Collection<IconId, Icon>;
	/** Outcome of a Volantes attack */
	readonly volantesAttack: Collection<VolantesAttackRowId, VolantesAttackRow>;
	/** Bounty */
	readonly bounty: Collection<BountyLevelId, BountyLevel>;
	/** Phases of a Round */
	readonly phases: Collection<PhaseId, Phase>;
	/** End of the Game */
	readonly gameEnd: Collection<GameEndId, GameEnd>;
	/** Final Scoring */
	readonly scoring: Collection<ScoringId, Scoring>;
	/** Map board */
	readonly map: Collection<MapSideId, MapSide, { readonly [S in MapSideId]: MapSide<S> }>;
	/** How pieces move over the board, from the map data and the movement rules in game.yaml. */
	readonly movement: {
		readonly gang: Mover<MapSideId, MapSideNodes, string, {
			readonly chiefs?: ChiefId;
		}, "any", never>;
		readonly volante: Mover<MapSideId, MapSideNodes, "gang" | "garrison", never, "facao", "fame">;
	};
	/** Rules tables, with the overrides that change them. */
	readonly tables: {
		readonly attackOutcome: (n: number, by?: {
			readonly chiefs?: ChiefId;
		}) => VolantesAttackRow | undefined;
		readonly cityExchange: (id: CityId, by?: {
			readonly chiefs?: ChiefId;
		}) => NonNullable<NonNullable<City["plunder"]>["exchange"]> | undefined;
		readonly standings: (states: readonly PlayerState[]) => Standing[];
	};
	/** Every value not settled yet (the rulebook does not give it, or it is not decided yet), marked as a placeholder in the content. An entry's own are on the entry, by field path: `entry.drafts` (the direct way; this list also holds the manifest's and the constants'). */
	readonly placeholders: readonly Placeholder[];
	/** Every reading: a choice made where the rules are silent, marked as a reading in the content. An entry's own are on the entry, by field path: `entry.readings` (the direct way; this list also holds the manifest's and the constants'). */
	readonly readings: readonly Placeholder[];
}
export declare const cangaceiros: CangaceirosNamespace;
