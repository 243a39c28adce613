import type { Assessment, GameEvidence } from '@scorpion/solver';

/**
 * What a moderator reads first about a game its evidence held: the score against the threshold,
 * then the signals beside it (the tab's hidden share among them, evidence to read, never a reason). The whole evidence stays in `game_evidence.signals`; this sentence
 * is only the queue's line, and names no card.
 */
export function heldSummary(
  evidence: GameEvidence,
  holdScore: number,
  running?: Assessment,
  tabHidden: number | null = null,
): string {
  const { clairvoyance, timing } = evidence;
  const byRunning = running && evidence.score < holdScore;
  return (
    (byRunning
      ? `Running clairvoyance score ${running.total.toFixed(2)} over ${running.games} games (held from ${holdScore.toFixed(2)}), ` +
        `${running.leaning} of them leaning; this game's ${evidence.score.toFixed(2)} over `
      : `Clairvoyance score ${evidence.score.toFixed(2)} (held from ${holdScore.toFixed(2)}) over `) +
    `${clairvoyance.decisive.length} position${clairvoyance.decisive.length === 1 ? '' : 's'} the hidden cards decided; ` +
    `played the solver’s move with the true cards at ${clairvoyance.agreed} of ${clairvoyance.mattered} that mattered; ` +
    `${timing.moves} moves, median ${(timing.medianMs / 1000).toFixed(1)} s, ${timing.fast} faster than a board can be read; ` +
    `${evidence.undos} undos` +
    (tabHidden === null
      ? '.'
      : `; the tab hidden ${tabHiddenWords(tabHidden)} of the game’s time (as the page reported it).`)
  );
}

/** A share in words a moderator reads at a glance: "none", "under 1%", or a whole percent. */
function tabHiddenWords(share: number): string {
  if (share === 0) return 'none';
  if (share < 0.01) return 'under 1%';
  return `${Math.round(share * 100)}%`;
}
