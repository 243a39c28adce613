import type { ClientMessage } from '@scorpion/protocol';
import { expect, test } from 'vitest';
import { reportTab } from './tabReport.ts';

/** A tab the test hides and shows, as the Page Visibility API would. */
class Tab extends EventTarget {
  hidden = false;
  set(hidden: boolean) {
    this.hidden = hidden;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

function link() {
  const sent: ClientMessage[] = [];
  const ready = new Set<() => void>();
  return {
    sent,
    reconnect: () => {
      for (const fn of ready) fn();
    },
    send: (m: ClientMessage) => sent.push(m) > 0,
    onReady: (fn: () => void) => {
      ready.add(fn);
      fn();
      return () => ready.delete(fn);
    },
  };
}

test("a ranked game's tab hidden and shown again is told, and told again after a reconnection", () => {
  const tab = new Tab();
  const socket = link();
  const game = { id: 'g1', kind: 'daily' as const, over: false };
  const stop = reportTab(socket, game, tab);
  expect(socket.sent).toEqual([]);
  tab.set(true);
  tab.set(false);
  tab.set(true);
  socket.reconnect();
  expect(socket.sent).toEqual([
    { type: 'tab-visibility', gameId: 'g1', hidden: true },
    { type: 'tab-visibility', gameId: 'g1', hidden: false },
    { type: 'tab-visibility', gameId: 'g1', hidden: true },
    { type: 'tab-visibility', gameId: 'g1', hidden: true },
  ]);
  stop();
  tab.set(false);
  expect(socket.sent).toHaveLength(4);
});

test('a race dealt while its tab is hidden says so at once; nothing once the game is over', () => {
  const tab = new Tab();
  tab.hidden = true;
  const socket = link();
  const game = { id: 'r1', kind: 'race' as const, over: false };
  reportTab(socket, game, tab);
  expect(socket.sent).toEqual([{ type: 'tab-visibility', gameId: 'r1', hidden: true }]);
  game.over = true;
  tab.set(false);
  expect(socket.sent).toHaveLength(1);
});

test('practice and challenge games, unranked, tell nothing of their tab', () => {
  for (const kind of ['practice', 'challenge'] as const) {
    const tab = new Tab();
    const socket = link();
    reportTab(socket, { id: 'p', kind, over: false }, tab);
    tab.set(true);
    expect(socket.sent).toEqual([]);
  }
});
