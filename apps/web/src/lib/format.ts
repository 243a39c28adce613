/** `4:21`, or `1:02:03` past an hour. Negative times (a countdown) read as 0:00. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** `1 move`, `187 moves`: a count with its noun, singular only for exactly one. */
export function counted(n: number, noun: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? noun : `${noun}s`}`;
}

/** The line a player pastes to friends: `Scorpion #123 ✅ 4:21 · 187 moves`. */
export function shareText(day: number, won: boolean, ms: number, moves: number): string {
  return `Scorpion #${day} ${won ? '✅' : '❌'} ${formatDuration(ms)} · ${counted(moves, 'move')}`;
}

export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}
