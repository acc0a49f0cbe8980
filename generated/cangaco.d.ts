import { type Collection, type DslNode, type Placeholder, type Text } from './runtime.js';
export type { Collection, DslNode, Placeholder, Text } from './runtime.js';
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
}
export interface CardKind {
    readonly id: CardKindId;
    /** The card name as printed. */
    readonly name: string;
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
        readonly orMore?: boolean;
        /** Points for all of them together. */
        readonly points: number | null;
    })[];
    /** How many cards of this kind the deck holds. */
    readonly cardsInDeck?: number | null;
    /** The card's effect, in the rulebook's words. */
    readonly text: Text;
}
export interface CordelCard {
    readonly id: CordelCardId;
    /** The rule compiled from the data: one total per player, in input order. */
    readonly score?: (players: readonly CangacoEndState[]) => number[];
    /** The rule as rules text, rendered from the same data. */
    readonly rulesText?: string;
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
}
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
}
/** Cangaço: every collection with `all` and `byId`, the game's declarations and its placeholder report. */
export declare const cangaco: Readonly<{
    id: "cangaco";
    name: Text;
    locale: "en";
    players: {
        min: number;
        max: number;
    };
    components: ({
        name: string;
        count: number;
        note: string;
        collection?: undefined;
        gap?: undefined;
        parts?: undefined;
    } | {
        name: string;
        count: number;
        collection: string;
        gap: string;
        note?: undefined;
        parts?: undefined;
    } | {
        name: string;
        count: number;
        collection: string;
        note?: undefined;
        gap?: undefined;
        parts?: undefined;
    } | {
        name: string;
        count: number;
        parts: {
            name: string;
            count: number;
        }[];
        note?: undefined;
        collection?: undefined;
        gap?: undefined;
    } | {
        name: string;
        count: number;
        note?: undefined;
        collection?: undefined;
        gap?: undefined;
        parts?: undefined;
    })[];
    declarations: {
        resources: ({
            id: string;
            name: string;
            localName: string;
        } | {
            id: string;
            name: string;
            localName?: undefined;
        })[];
        setKinds: {
            id: string;
            name: string;
        }[];
    };
    cards: Collection<CardKindId, CardKind>;
    cordel: Collection<CordelCardId, CordelCard>;
    stations: Collection<StationCardId, StationCard>;
    constants: {
        effectOrder: {
            order: string[];
            thenBy: {
                most: string;
            };
        };
    };
    /** Every value the rulebook does not give, marked as a placeholder in the content. */
    placeholders: readonly Placeholder[];
}>;
