/**
 * The anchors GitHub gives a document's headings, so that the guide's links land where they say:
 * lower case, markup and punctuation dropped, spaces as dashes, and `-1`, `-2`… on repeats.
 */
export class Slugger {
  private readonly seen = new Map<string, number>();

  slug(heading: string): string {
    const text = heading
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = this.seen.get(text) ?? 0;
    this.seen.set(text, count + 1);
    return count === 0 ? text : `${text}-${count}`;
  }
}

/** The headings of a markdown text, in order, with their level. */
export function headingsOf(markdown: string): { level: number; text: string }[] {
  const found: { level: number; text: string }[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^(#{1,6}) (.+)$/.exec(line);
    if (heading) found.push({ level: heading[1]!.length, text: heading[2]!.trim() });
  }
  return found;
}
