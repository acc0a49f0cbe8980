/**
 * English sentences for the scoring DSL, one handlebars template per
 * operation. The nouns come from the game's endState declarations; the
 * grammar is here, once, for every game.
 */
export const en = {
  // "The player with the most Flour markers at the end of the game gains 5 points.
  //  The player with the second most gains 3 points, and the third gains 2 points."
  rank:
    'The player with the {{order}} {{noun}} at the end of the game {{verb first}} {{points first}}.' +
    '{{#if rest}} The player with the second {{order}} {{verb second}} {{points second}}' +
    '{{#each tail}}{{#if @last}}, and{{else}},{{/if}} the {{ordinal this.place}} {{verb this.award}} {{points this.award}}{{/each}}.{{/if}}',
  per: 'Gain {{points points}} for {{object}} at the end of the game.',
  if: 'Gain {{points points}} if you have {{has}} at the end of the game.',
  sum: '{{#each parts}}{{this}}{{#unless @last}} {{/unless}}{{/each}}',
  // Noun phrases of quantities, as the object of "for ...".
  eachField: 'each {{noun}} that you have',
  eachCount: 'each {{noun}}{{#if where}} {{where}}{{/if}} that you have',
  eachRepeated: 'each repeated {{noun}}{{#if note}} ({{note}}){{/if}} that you have',
  eachMin: 'each {{#if pair}}pair{{else}}set{{/if}} of {{list names}} {{unit}} that you have',
  eachGroupsOfField: 'each set of {{n}} {{noun}} you have',
  eachGroupsOfDistinct: 'every {{n}} different {{noun}} that you have',
  points: '{{n}} point{{#unless one}}s{{/unless}}',
} as const;

export type Templates = { [K in keyof typeof en]: string };
