/*
 * A newcomer plays first and names themselves after (issue #32): pressing Start on the daily
 * makes a player under a neutral name of this form, which nobody can pick (the word `guest` is
 * reserved), so the page knows to offer "Put your name on the board" until they rename.
 */
export const GUEST_NICKNAME = /^Guest \d{6}$/;

/** Whether `nickname` is a guest's neutral name, not one the player picked. */
export function isGuestNickname(nickname: string): boolean {
  return GUEST_NICKNAME.test(nickname);
}
