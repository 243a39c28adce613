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
