import { ROOM_CODE_PATTERN } from '@scorpion/protocol';

/**
 * The room code in what a player typed or pasted: the code itself in any case and with spaces
 * or a dash (as read out over the phone), or a whole room link. Undefined when it is neither.
 */
export function roomCodeFrom(text: string): string | undefined {
  const link = /\/r\/([A-Za-z0-9]+)\/?(?:[?#].*)?$/.exec(text.trim());
  const code = (link ? link[1]! : text).replace(/[\s-]/g, '').toUpperCase();
  return ROOM_CODE_PATTERN.test(code) ? code : undefined;
}
