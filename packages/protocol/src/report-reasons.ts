/*
 * The report form's reasons and bounds, in a module of their own without zod, so that the web
 * app's form takes them without the schemas (and zod with them) coming along into its bundle.
 */

/** Why a player reports another: a short list, so that the moderators' queue can be sorted by it. */
export const REPORT_REASONS = ['saw-hidden-cards', 'program', 'several-accounts', 'offensive-name', 'other'] as const;

/** What the report form offers, in its order. */
export const REPORT_REASON_TEXT: Record<(typeof REPORT_REASONS)[number], string> = {
  'saw-hidden-cards': 'Seemed to know the face-down cards',
  program: 'Plays like a program',
  'several-accounts': 'Plays from several accounts',
  'offensive-name': 'Offensive nickname',
  other: 'Something else',
};

/** The longest sentence a report or an appeal may carry. */
export const REPORT_NOTE_MAX = 280;
