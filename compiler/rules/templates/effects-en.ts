/**
 * English sentences for the effect DSL. Field phrases (`each`, `unit`,
 * `amount`, ...) come from the game's playerState declarations; these
 * templates hold only the grammar shared by every game.
 */
export const effectsEn = {
  none: 'Nothing happens.',
  payEach: 'Pay {{cost}} for {{units}}. {{#if you}}You lose{{else}}Lose{{/if}} {{shortfall}} for each such {{unit}} you can\'t afford.',
  loseSentence: 'You lose {{amount}}.',
  loseClause: 'you lose {{amount}}',
  gainSentence: 'You gain {{amount}}.',
  gainClause: 'you gain {{amount}}',
  gainEach: 'Gain {{andList amounts}} for {{units}}.',
  unless: 'If you don\'t have {{check}}, {{do}}.',
  when: '{{subject}} {{do}}.',
  moveAll: 'Put {{from}} in {{to}}.',
  atLeast: 'at least {{n}} {{noun}}',
} as const;
