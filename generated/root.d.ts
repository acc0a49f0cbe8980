import { type Collection, type ComponentInfo, type Placeholder } from "./runtime.js";
export type RuleId = "16.1" | "16.1.1" | "16.1.2" | "16.1.3" | "16.1.4" | "16.1.5" | "16.1.5.I" | "16.1.5.II" | "16.1.5.III" | "16.1.6" | "16.1.6.I" | "16.1.6.II" | "16.1.6.III" | "16.1.6.IV" | "16.1.6.V" | "16.1.7" | "16.1.8" | "16.1.8.I" | "16.1.8.I.a" | "16.1.8.I.b" | "16.1.8.I.c" | "16.1.8.II" | "16.1.8.II.a" | "16.1.8.II.b" | "16.1.9" | "16.1.10" | "16.2" | "16.2.1" | "16.2.1.I" | "16.2.2" | "16.2.2.I" | "16.2.2.II" | "16.2.2.III" | "16.2.2.IV" | "16.2.2.V" | "16.2.3" | "16.2.3.I" | "16.2.3.II" | "16.2.3.III" | "16.2.3.IV" | "16.2.3.V" | "16.3" | "16.3.1" | "16.3.1.I" | "16.3.1.II" | "16.3.2" | "16.3.2.I" | "16.3.2.II" | "16.3.3" | "16.3.3.I" | "16.3.3.II" | "16.3.4" | "16.3.4.I" | "16.3.4.II" | "16.3.5" | "16.3.5.I" | "16.3.5.II" | "16.3.6" | "16.3.6.I" | "16.3.6.II" | "16.3.7" | "16.3.7.I" | "16.3.7.II" | "16.3.8" | "16.3.8.I" | "16.3.8.II" | "16.3.9" | "16.3.9.I" | "16.3.9.II" | "16.4" | "16.4.1" | "16.4.1.I" | "16.4.1.II" | "16.4.1.III" | "16.4.2" | "16.4.2.I" | "16.4.2.II" | "16.4.2.III" | "16.4.2.IV" | "16.4.3" | "16.4.3.I" | "16.4.3.II" | "16.4.3.III" | "16.4.3.IV" | "16.4.3.V" | "16.4.3.VI" | "16.4.3.VII" | "16.5" | "16.5.1" | "16.5.1.I" | "16.5.1.II" | "16.6" | "1.1.2" | "1.5.2" | "1.5.5" | "2.1" | "2.2" | "2.2.3" | "2.2.4" | "2.4" | "2.5" | "3.3.3" | "5.1" | "5.1.4" | "5.1.5" | "5.1.6" | "8.2.6" | "9.2.8";
export type GlossaryEntryId = "adjacente" | "area-de-jogo" | "borda-do-mapa" | "caminho" | "compre" | "construcao" | "descarte" | "efeito" | "floresta" | "forcar" | "gaste" | "guerreiro" | "governar" | "habilidade" | "inimigo" | "item" | "local" | "mapa" | "marcador" | "mostrar" | "nao-pode" | "peao" | "peca" | "peca-de-faccao" | "peca-inimiga" | "posicione" | "remova" | "revele" | "rio" | "ruina" | "substitua" | "suprimento" | "trata" | "trocar";
export type IconId = "boot" | "torch" | "tea" | "sword" | "sack" | "hammer" | "crossbow" | "coin" | "hireling-when-hired" | "hireling-ability" | "hireling-birdsong" | "hireling-daylight";
export type VagabondId = "ladrao" | "funileiro" | "andarilho" | "vagabundo" | "arbitro" | "patife" | "aventureiro" | "ronin" | "saqueador";
export type HirelingEffectId = "acao-quando-ganho" | "habilidade" | "acao-inicio-do-amanhecer" | "acao-uma-vez-por-dia";
export type LandmarkRuleId = "seguranca" | "propriedade";
export type GameMapId = "mapa-do-inverno" | "mapa-do-lago" | "mapa-das-montanhas";
export type SetupStepId = "escolha-e-prepare-o-mapa" | "escolha-o-baralho" | "escolha-os-automatos" | "posicione-os-jogadores" | "prepare-os-marcos" | "prepare-os-capangas" | "compre-5-cartas" | "prepare-as-faccoes" | "posicione-os-marcadores-de-pontos" | "escolha-a-mao-inicial";
/** Every rule number a reference may point at. */
export type RuleNumber = RuleId | "16.6.1" | "16.6.2" | "16.6.3" | "16.6.4" | "16.6.5" | "16.6.6" | "16.6.7" | "16.6.8" | "16.6.9" | "16.6.10" | "16.6.11" | "16.6.12" | "16.6.13" | "16.6.14" | "16.6.15" | "16.6.16" | "16.6.17" | "16.6.18" | "16.6.19" | "16.6.20" | "16.6.21" | "16.6.22" | "16.6.23" | "16.6.24" | "16.6.25" | "16.6.26" | "16.6.27" | "16.6.28" | "16.6.29" | "16.6.30" | "16.6.31" | "16.6.32" | "16.6.33" | "16.6.34";
/** A path of a Rule's fields, dotted (`a.0.b`): the keys of its `drafts` and `readings`; "" is the whole entry. */
export type RuleField = "number" | "title" | `title.${string}` | "text" | `text.${string}` | "see" | `see.${number}` | `see.${number}.ref` | `see.${number}.label` | "external";
export interface Rule {
	readonly id: RuleId;
	/** No name in the schema: the ID. */
	readonly name: string;
	/** The full rule number built from the printed nesting, e.g. "16.1.5.I" or "16.1.8.I.a". Also the rule's ID. */
	readonly number: RuleId;
	/** The rule's title as printed (may hold {icon:...} tokens where the print had an icon). Absent when the rule has none. */
	readonly title?: string;
	/** The rule's text as printed, with inline tokens {ref:N}, {icon:ID} and {term:ID|WORD}. Paragraphs separated by blank lines. Absent when the rule has none. */
	readonly text?: string;
	/** The cross-reference lines printed after the entry, like "(5.1.4 - 4º Passo: Posicionar Ruínas.)", in printed order. */
	readonly see?: readonly ({
		/** The number of the rule referred to, as printed before " - ". */
		readonly ref: RuleNumber;
		/** The label printed after " - ", exactly (may differ from the target's title). */
		readonly label: string;
	})[];
	/** Marks a rule outside the transcribed section that the section refers to; it has a number and title only. An external rule has a title and no text or see. */
	readonly external?: true;
	/** Its values the rulebook does not give (placeholders), by field path, each with its note: `{}` when none. */
	readonly drafts: { readonly [P in RuleField]?: string };
	/** Its choices where the rules are silent (readings), by field path, each with its note: `{}` when none. */
	readonly readings: { readonly [P in RuleField]?: string };
}
/** A path of a GlossaryEntry's fields, dotted (`a.0.b`): the keys of its `drafts` and `readings`; "" is the whole entry. */
export type GlossaryEntryField = "id" | "number" | "name" | "text" | `text.${string}` | "see" | `see.${number}` | `see.${number}.ref` | `see.${number}.label`;
export interface GlossaryEntry {
	readonly id: GlossaryEntryId;
	/** The entry's full rule number, e.g. "16.6.30". */
	readonly number: string;
	/** The term as printed, without the final period. */
	readonly name: string;
	/** The definition as printed, with inline tokens {ref:N}, {icon:ID} and {term:ID|WORD}. */
	readonly text: string;
	/** The cross-reference lines printed after the entry, like "(5.1.4 - 4º Passo: Posicionar Ruínas.)", in printed order. */
	readonly see?: readonly ({
		/** The number of the rule referred to, as printed before " - ". */
		readonly ref: RuleNumber;
		/** The label printed after " - ", exactly (may differ from the target's title). */
		readonly label: string;
	})[];
	/** Its values the rulebook does not give (placeholders), by field path, each with its note: `{}` when none. */
	readonly drafts: { readonly [P in GlossaryEntryField]?: string };
	/** Its choices where the rules are silent (readings), by field path, each with its note: `{}` when none. */
	readonly readings: { readonly [P in GlossaryEntryField]?: string };
}
/** A path of a Icon's fields, dotted (`a.0.b`): the keys of its `drafts` and `readings`; "" is the whole entry. */
export type IconField = "id" | "name" | "kind" | "image";
export interface Icon {
	readonly id: IconId;
	/** Portuguese alternative text for the icon. */
	readonly name: string;
	/** item: one of the item icons; hireling: an icon marking a kind of hireling action or ability (16.4.2). */
	readonly kind: "item" | "hireling";
	/** The icon's picture: an SVG file, as a path from this YAML file (icons/boot.svg). The site draws it sanitised, inline, at the size of the text (shapes only: nothing in it can run or load). A drawing this edition made, not the printed art, is a placeholder whose note says so. */
	readonly image?: string;
	/** Its values the rulebook does not give (placeholders), by field path, each with its note: `{}` when none. */
	readonly drafts: { readonly [P in IconField]?: string };
	/** Its choices where the rules are silent (readings), by field path, each with its note: `{}` when none. */
	readonly readings: { readonly [P in IconField]?: string };
}
/** A path of a Vagabond's fields, dotted (`a.0.b`): the keys of its `drafts` and `readings`; "" is the whole entry. */
export type VagabondField = "id" | "number" | "name" | "items" | `items.${number}` | "action" | "action.number" | "action.name";
export interface Vagabond {
	readonly id: VagabondId;
	/** The number of the character's rule, e.g. "16.3.1". */
	readonly number: RuleNumber;
	/** The character's name as printed, without the final period. */
	readonly name: string;
	/** Starting items (rule 16.3.N.I), in printed order; an item may repeat. */
	readonly items: readonly (IconId)[];
	/** The character's special action (rule 16.3.N.II). */
	readonly action: {
		/** The number of the special action's rule, e.g. "16.3.1.II". */
		readonly number: RuleNumber;
		/** The action's name as printed after "Ação Especial: ", without the final period. */
		readonly name: string;
	};
	/** Its values the rulebook does not give (placeholders), by field path, each with its note: `{}` when none. */
	readonly drafts: { readonly [P in VagabondField]?: string };
	/** Its choices where the rules are silent (readings), by field path, each with its note: `{}` when none. */
	readonly readings: { readonly [P in VagabondField]?: string };
}
/** A path of a HirelingEffect's fields, dotted (`a.0.b`): the keys of its `drafts` and `readings`; "" is the whole entry. */
export type HirelingEffectField = "id" | "name" | "icon" | "rule";
export interface HirelingEffect {
	readonly id: HirelingEffectId;
	/** The kind's name as printed in its rule's title, without the icon and the final period. */
	readonly name: string;
	/** The icon that marks this kind on hireling cards. */
	readonly icon: IconId;
	/** The rule that defines this kind, e.g. "16.4.2.I". */
	readonly rule: RuleNumber;
	/** Its values the rulebook does not give (placeholders), by field path, each with its note: `{}` when none. */
	readonly drafts: { readonly [P in HirelingEffectField]?: string };
	/** Its choices where the rules are silent (readings), by field path, each with its note: `{}` when none. */
	readonly readings: { readonly [P in HirelingEffectField]?: string };
}
/** A path of a LandmarkRule's fields, dotted (`a.0.b`): the keys of its `drafts` and `readings`; "" is the whole entry. */
export type LandmarkRuleField = "id" | "name" | "rule";
export interface LandmarkRule {
	readonly id: LandmarkRuleId;
	/** The rule's title as printed, without the final period. */
	readonly name: string;
	/** The rule's number, e.g. "16.5.1.I". */
	readonly rule: RuleNumber;
	/** Its values the rulebook does not give (placeholders), by field path, each with its note: `{}` when none. */
	readonly drafts: { readonly [P in LandmarkRuleField]?: string };
	/** Its choices where the rules are silent (readings), by field path, each with its note: `{}` when none. */
	readonly readings: { readonly [P in LandmarkRuleField]?: string };
}
/** A path of a GameMap's fields, dotted (`a.0.b`): the keys of its `drafts` and `readings`; "" is the whole entry. */
export type GameMapField = "id" | "name" | "rule" | "setupRule" | "setupPieces" | `setupPieces.${number}` | `setupPieces.${number}.name` | `setupPieces.${number}.count` | "specialRules" | `specialRules.${number}`;
export interface GameMap {
	readonly id: GameMapId;
	/** The map's name as printed in its rule's title, without the final period. */
	readonly name: string;
	/** The map's rule, e.g. "16.2.2". */
	readonly rule: RuleNumber;
	/** The map's setup modifications rule (Alterações na Preparação), if it has one. */
	readonly setupRule?: RuleNumber;
	/** Pieces that the setup modifications place on the map, as the setup rule names and counts them. */
	readonly setupPieces?: readonly ({
		/** The piece as the setup rule names it. */
		readonly name: string;
		/** How many the setup rule places. */
		readonly count: number;
	})[];
	/** The map's special rules of play, in printed order. */
	readonly specialRules: readonly (RuleNumber)[];
	/** Its values the rulebook does not give (placeholders), by field path, each with its note: `{}` when none. */
	readonly drafts: { readonly [P in GameMapField]?: string };
	/** Its choices where the rules are silent (readings), by field path, each with its note: `{}` when none. */
	readonly readings: { readonly [P in GameMapField]?: string };
}
/** A path of a SetupStep's fields, dotted (`a.0.b`): the keys of its `drafts` and `readings`; "" is the whole entry. */
export type SetupStepField = "id" | "step" | "name" | "rule" | "consensus" | "substeps" | `substeps.${number}` | `substeps.${number}.step` | `substeps.${number}.name` | `substeps.${number}.rule`;
export interface SetupStep {
	readonly id: SetupStepId;
	/** The step's ordinal as printed ("1º Passo" is 1). */
	readonly step: number;
	/** The step's title without "Nº Passo: " and the final period. */
	readonly name: string;
	/** The step's rule, e.g. "16.1.5". */
	readonly rule: RuleNumber;
	/** True when the step opens with "Em consenso, vocês podem ...": by consensus the players may use the variant it describes. */
	readonly consensus: boolean;
	/** The step's numbered sub-steps, in order. */
	readonly substeps?: readonly ({
		/** The sub-step's ordinal as printed ("1º Passo" is 1). */
		readonly step: number;
		/** The sub-step's title without "Nº Passo: " and the final period. */
		readonly name: string;
		/** The sub-step's rule, e.g. "16.1.5.I". */
		readonly rule: RuleNumber;
	})[];
	/** Its values the rulebook does not give (placeholders), by field path, each with its note: `{}` when none. */
	readonly drafts: { readonly [P in SetupStepField]?: string };
	/** Its choices where the rules are silent (readings), by field path, each with its note: `{}` when none. */
	readonly readings: { readonly [P in SetupStepField]?: string };
}
/** Whether a string is the ID of one of the Lei de Root — seção 16. */
export declare function isRuleId(s: string): s is RuleId;
/** Whether a string is the ID of one of the Glossário. */
export declare function isGlossaryEntryId(s: string): s is GlossaryEntryId;
/** Whether a string is the ID of one of the Ícones. */
export declare function isIconId(s: string): s is IconId;
/** Whether a string is the ID of one of the Referência dos Malandros. */
export declare function isVagabondId(s: string): s is VagabondId;
/** Whether a string is the ID of one of the Capangas: Habilidades e Ações. */
export declare function isHirelingEffectId(s: string): s is HirelingEffectId;
/** Whether a string is the ID of one of the Marcos: Regras Gerais. */
export declare function isLandmarkRuleId(s: string): s is LandmarkRuleId;
/** Whether a string is the ID of one of the Mapas Alternativos. */
export declare function isGameMapId(s: string): s is GameMapId;
/** Whether a string is the ID of one of the Preparação Avançada. */
export declare function isSetupStepId(s: string): s is SetupStepId;
/** Root — Lei de Root, seção 16 (Apêndices): every collection with `all` and `byId`, the game's declarations, its rules as functions and its placeholder report. */
export interface RootNamespace {
	readonly id: "root";
	readonly name: string;
	readonly locale: "pt-BR";
	readonly players: {
		readonly min: number;
		readonly max: number;
	};
	/** The game's components, as its component list gives them. */
	readonly components: readonly ComponentInfo[];
	readonly declarations: {};
	/** Lei de Root — seção 16 */
	readonly rules: Collection<RuleId, Rule>;
	/** Glossário */
	readonly glossary: Collection<GlossaryEntryId, GlossaryEntry>;
	/** Ícones */
	readonly icons: Collection<IconId, Icon>;
	/** Referência dos Malandros */
	readonly vagabonds: Collection<VagabondId, Vagabond>;
	/** Capangas: Habilidades e Ações */
	readonly hirelings: Collection<HirelingEffectId, HirelingEffect>;
	/** Marcos: Regras Gerais */
	readonly landmarks: Collection<LandmarkRuleId, LandmarkRule>;
	/** Mapas Alternativos */
	readonly maps: Collection<GameMapId, GameMap>;
	/** Preparação Avançada */
	readonly setupSteps: Collection<SetupStepId, SetupStep>;
	/** Every value not settled yet (the rulebook does not give it, or it is not decided yet), marked as a placeholder in the content. An entry's own are on the entry, by field path: `entry.drafts` (the direct way; this list also holds the manifest's and the constants'). */
	readonly placeholders: readonly Placeholder[];
	/** Every reading: a choice made where the rules are silent, marked as a reading in the content. An entry's own are on the entry, by field path: `entry.readings` (the direct way; this list also holds the manifest's and the constants'). */
	readonly readings: readonly Placeholder[];
}
export declare const root: RootNamespace;
