/**
 * The width of the page's main column (its content box, in CSS px) as the browser last laid it
 * out, 0 before that. A ResizeObserver keeps it, so it is read after the browser's own layout and
 * never forces one. A board's first render starts from it (on the daily the board is as wide as
 * the column): the layout the browser does anyway for the new board is then the right one, where
 * a board that measured itself once built forced a layout, and a second for its new size.
 */
let width = 0;

export function mainWidth(): number {
  return width;
}

/** Watches the page's main column; returns the stop (an attachment's cleanup). */
export function observeMain(main: Element): () => void {
  const observer = new ResizeObserver((entries) => {
    for (const entry of entries) width = Math.round(entry.contentBoxSize[0]?.inlineSize ?? entry.contentRect.width);
  });
  observer.observe(main);
  return () => observer.disconnect();
}
