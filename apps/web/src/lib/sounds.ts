/**
 * The game's few sounds, made with the Web Audio API (no files to fetch): a soft tick for a move
 * and a rising chime for a win. Played only when the player turned sounds on (Settings; off by
 * default), and only after a touch or a key, as browsers allow.
 */
let audio: AudioContext | undefined;

function tone(frequency: number, startIn: number, length: number, volume: number) {
  audio ??= new AudioContext();
  const ctx = audio;
  const at = ctx.currentTime + startIn;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = 'sine';
  osc.frequency.value = frequency;
  gain.gain.setValueAtTime(volume, at);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + length);
}

/** A card put down. */
export function moveSound() {
  tone(660, 0, 0.06, 0.05);
}

/** A game won: C, E, G, C. */
export function winSound() {
  for (const [i, f] of [523, 659, 784, 1047].entries()) tone(f, i * 0.11, 0.35, 0.08);
}
