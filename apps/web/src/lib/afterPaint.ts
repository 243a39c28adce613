/**
 * Runs `fn` once the next frame has been painted: a task queued from that frame's
 * `requestAnimationFrame` runs after its style, layout and paint. Work that reads the layout
 * (a focus that scrolls into view) then finds it done instead of forcing it, and a mark taken
 * there times what the player sees, not the script that built it. Returns a cancel.
 */
export function afterPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Marks `name` on the page's timeline once the next frame is painted, the first time only: when
 * a screen can first be used (the board, the daily's Start), as the e2e run and
 * `pnpm bench --only web` read it. Returns a cancel, for an `$effect` to return.
 */
export function markPainted(name: string): () => void {
  return afterPaint(() => {
    if (!performance.getEntriesByName(name).length) performance.mark(name);
  });
}
