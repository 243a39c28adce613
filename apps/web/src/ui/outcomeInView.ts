/**
 * A game's outcome, once it appears, is scrolled into view and takes the focus: on a phone the
 * board is taller than the screen, and an outcome drawn above or below it was out of sight (a
 * challenge's verdict sat 2,500 px below the finished board). The element needs `tabindex="-1"`
 * to take the focus, which also tells a screen reader's user that the game is over. With
 * `reveal` false (a result shown on a later visit, with nothing played) the page is left alone.
 */
export function outcomeInView(node: HTMLElement, reveal = true) {
  if (!reveal) return;
  const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
  node.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
  node.focus({ preventScroll: true });
}
