import { ChallengeCode, RoomCode } from '@scorpion/protocol';
import { VARIANTS } from '@scorpion/rules';
import type { FastifyInstance } from 'fastify';
import { dayNumber } from '../clock.ts';
import { nicknameKey } from '../identity/nickname.ts';

/**
 * What a chat app shows for a shared link (Open Graph and Twitter card tags): a room, a
 * challenge, a daily, a player's profile. Made only of what the page itself shows anyone who
 * opens it: a room's settings, a challenge's result, a day's number, a nickname; never a card,
 * a deck or a seed. The image is the one static card of the site (`/og.png`): the words carry
 * what differs from link to link.
 */
export interface LinkPreview {
  readonly title: string;
  readonly description: string;
}

const SITE = 'Scorpion Race';
const DATE = /^\d{4}-\d\d-\d\d$/;

/** "1:22", as the app writes a time. */
function clock(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function daily(date: string): LinkPreview {
  const day = dayNumber(date);
  return {
    title: `Daily #${day} · ${SITE}`,
    description: `Daily #${day} (${date}): one Scorpion solitaire deal, the same for everyone and certified winnable. Solve it faster than your friends.`,
  };
}

/** The preview of `path` (with its `query`); none for a page without its own (the shell has the site's). */
export async function previewOf(
  app: FastifyInstance,
  path: string,
  query: URLSearchParams,
): Promise<LinkPreview | undefined> {
  const today = app.daily.today();
  if (path === '/daily') return daily(today);
  if (path === '/leaderboards' && query.get('tab') === 'daily') {
    const date = query.get('date') ?? today;
    if (DATE.test(date) && date <= today && dayNumber(date) >= 1) {
      const { title, description } = daily(date);
      return { title: title.replace(' · ', ' results · '), description };
    }
  }
  const room = /^\/r\/([A-Za-z0-9]+)$/.exec(path)?.[1]?.toUpperCase();
  if (room && RoomCode.safeParse(room).success) {
    const row = await app.repos.rooms.get(room);
    if (row) {
      const limit = row.timeLimit > 0 ? `, ${row.timeLimit} minutes` : '';
      return {
        title: `Race me at Scorpion solitaire: room ${row.code}`,
        description: `${VARIANTS[row.variant].name}${limit}: everyone plays the same deal, live. Open the link to join the race.`,
      };
    }
  }
  const code = /^\/c\/([^/]+)$/.exec(path)?.[1];
  if (code && ChallengeCode.safeParse(code).success) {
    const found = await app.challenges.info(code, undefined);
    if (found.ok) {
      const { by, result, variant } = found.value;
      const name = VARIANTS[variant].name;
      const total = VARIANTS[variant].decks * 52;
      const done =
        result.status === 'won'
          ? `solved this ${name} deal in ${clock(result.timeMs)} and ${result.moves} moves`
          : `built ${result.progress} of ${total} cards of this ${name} deal in ${clock(result.timeMs)}`;
      return {
        title: `Beat ${by.nickname}'s time: ${clock(result.timeMs)}`,
        description: `${by.nickname} ${done}. Play the same cards beside their ghost.`,
      };
    }
  }
  const nickname = /^\/p\/([^/]+)$/.exec(path)?.[1];
  if (nickname) {
    let typed: string;
    try {
      typed = decodeURIComponent(nickname);
    } catch {
      return undefined;
    }
    const player = await app.repos.players.byNicknameKey(nicknameKey(typed));
    if (player) {
      return {
        title: `${player.nickname} · ${SITE}`,
        description: `${player.nickname}'s races, dailies and rating at Scorpion solitaire.`,
      };
    }
  }
  return undefined;
}

function attribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The app's shell with `preview` in its head: the title, the description, and the Open Graph
 * and Twitter card tags (those of the shell, the site's own, are replaced). `origin` makes the
 * absolute addresses the tags need.
 */
export function withPreview(shell: string, preview: LinkPreview, origin: string, path: string): string {
  const title = attribute(preview.title);
  const description = attribute(preview.description);
  const tags = [
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${SITE}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${attribute(origin + path)}" />`,
    `<meta property="og:image" content="${attribute(`${origin}/og.png`)}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta property="og:image:alt" content="Scorpion Race: solitaire races on the same deal" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
  ].join('\n    ');
  return shell
    .replace(/\s*<meta (?:property|name)="(?:og|twitter):[^>]*>/g, '')
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${description}" />`)
    .replace('</head>', `    ${tags}\n  </head>`);
}
