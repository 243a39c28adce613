/*
 * Socket close codes of the application's own (4000–4999) that the web app acts on. No zod here:
 * the browser imports these, and a schema module's constant would bring zod into its bundle.
 */

/** The socket's device was signed out (from another one): do not reconnect as that player. */
export const SIGNED_OUT = 4010;

/**
 * A visitor's socket refused (too many watchers from its address or of its room, or no such
 * room): the error frame before it says which; the page says so and stops reconnecting.
 */
export const WATCH_REFUSED = 4011;
