import { UAParser } from 'ua-parser-js';
import { FIRST_DEVICE } from '../repo/rows.ts';

/**
 * What the settings call a device: its browser and system from the user agent
 * (`Firefox on Android`), so a player can tell their phone from their laptop. Only this label is
 * kept, never the user agent itself.
 */
export function deviceLabel(userAgent: string | undefined): string {
  if (!userAgent) return FIRST_DEVICE;
  const { browser, os } = new UAParser(userAgent.slice(0, 512)).getResult();
  if (!browser.name && !os.name) return 'Unknown device';
  if (!os.name) return browser.name!;
  return browser.name ? `${browser.name} on ${os.name}` : os.name;
}
