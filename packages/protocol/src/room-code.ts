/**
 * Six letters and digits without I, O, 0 or 1, which are easy to mistake for each other.
 * In a module of its own, without zod, so that the web app's code reader takes the pattern
 * without the schemas (and zod with them) coming along into its bundle.
 */
export const ROOM_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{6}$/;
