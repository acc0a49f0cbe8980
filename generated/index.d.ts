export { cangaceiros } from './cangaceiros.js';
export type * as Cangaceiros from './cangaceiros.js';
export { cangaco } from './cangaco.js';
export type * as Cangaco from './cangaco.js';
export { root } from './root.js';
export type * as Root from './root.js';
export type { Collection, Move, MoveBy, Mover, Piece, Placeholder, Standing, Text } from './runtime.js';
