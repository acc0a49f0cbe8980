// Which files' diagnostics concern one game (`--game <id>`). A module of its
// own: a check answered from the cache filters by it without loading the
// loader, which only-game.ts needs (with the YAML parser, ~35 ms of a 0.22 s
// warm check).

/**
 * Whether a file's diagnostics concern one game: its folder, its own schemas
 * folder, the schemas it names, and the shared schemas at the top of
 * schemas/ (defs, dsl, the manifest's), which concern every game.
 */
export function belongsToGame(game: { id: string; folder: string; schemas: readonly string[] }): (file: string) => boolean {
  const schemas = new Set(game.schemas);
  return (file) =>
    file.startsWith(`${game.folder}/`) ||
    file.startsWith(`schemas/${game.id}/`) ||
    schemas.has(file) ||
    (file.startsWith('schemas/') && !file.slice('schemas/'.length).includes('/'));
}
