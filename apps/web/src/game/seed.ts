/** A fresh 128-bit practice seed: practice deals are the player's own, so the browser may pick them. */
export function randomSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
