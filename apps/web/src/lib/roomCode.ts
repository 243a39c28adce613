/** The server's room-code alphabet: no I, O, 0 or 1, which are easy to mistake for each other. */
const CODE = /^[A-HJ-NP-Z2-9]{6}$/;

/**
 * The room code in what a player typed or pasted: the code itself in any case and with spaces
 * or a dash (as read out over the phone), or a whole room link. Undefined when it is neither.
 */
export function roomCodeFrom(text: string): string | undefined {
  const link = /\/r\/([A-Za-z0-9]+)\/?(?:[?#].*)?$/.exec(text.trim());
  const code = (link ? link[1]! : text).replace(/[\s-]/g, '').toUpperCase();
  return CODE.test(code) ? code : undefined;
}
