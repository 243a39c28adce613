import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUp, TestClient } from '../test/client.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { someLegalMove } from '../test/play.ts';

const TOKEN = 'live-metrics-token-0123';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ metricsToken: TOKEN });
});
afterAll(() => server.close());

/** One scrape as `series → value`, the series written as in the text (`name{label="v"}`). */
async function scrape(): Promise<Map<string, number>> {
  const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  const series = new Map<string, number>();
  for (const line of (await response.text()).split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    series.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return series;
}

test('a real move moves the counters and histograms; bad frames are counted by reason', async () => {
  const { cookie } = await signUp(server.url, 'Metric Mo');
  const before = await scrape();
  expect(before.get('scorpion_moves_total')).toBe(0);
  expect(before.get('scorpion_connected_players')).toBe(0);
  expect(before.get('scorpion_active_races')).toBe(0);
  expect(before.get('scorpion_rejected_frames_total{reason="stale"}')).toBe(0);
  expect(before.get('process_resident_memory_bytes')).toBeGreaterThan(0);
  expect(before.has('nodejs_eventloop_lag_p99_seconds')).toBe(true);

  const client = await TestClient.connect(server.wsUrl, cookie);
  client.send({ type: 'practice-start', variant: 'scorpion', options: { foundations: false, open: false } });
  const game = (await client.next('game')).game;
  const move = someLegalMove(game)!;
  await client.play(game, [move]);
  // The same move resent is acknowledged again (a round trip) but is not a new move.
  expect(await client.act({ type: 'move', gameId: game.gameId, expect: 0, move })).toMatchObject({ duplicate: true });
  client.sendRaw('{not json');
  await client.next('error', (e) => e.code === 'bad-message');
  expect(await client.act({ type: 'move', gameId: game.gameId, expect: 5, move })).toMatchObject({ code: 'stale' });

  const during = await scrape();
  expect(during.get('scorpion_moves_total')).toBe(1);
  expect(during.get('scorpion_move_roundtrip_seconds_count')).toBe(2);
  expect(during.get('scorpion_move_roundtrip_seconds_bucket{le="+Inf"}')).toBe(
    during.get('scorpion_move_roundtrip_seconds_count'),
  );
  expect(during.get('scorpion_move_roundtrip_seconds_sum')).toBeGreaterThan(0);
  expect(during.get('scorpion_sqlite_write_seconds_count')).toBeGreaterThanOrEqual(1);
  expect(during.get('scorpion_rejected_frames_total{reason="bad-message"}')).toBe(1);
  expect(during.get('scorpion_rejected_frames_total{reason="stale"}')).toBe(1);
  expect(during.get('scorpion_connected_players')).toBe(1);
  expect(during.get('scorpion_open_sockets')).toBe(1);

  client.sendRaw(Buffer.from('{"type":"ping","id":1}'));
  expect((await client.closed).code).toBe(1003);
  const oversized = await TestClient.connect(server.wsUrl, cookie);
  oversized.send({ type: 'ping', id: 1, pad: 'x'.repeat(5000) });
  expect((await oversized.closed).code).toBe(1009);

  // The server hears a close a moment after the client does.
  let after = await scrape();
  for (let i = 0; i < 40 && after.get('scorpion_open_sockets') !== 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    after = await scrape();
  }
  expect(after.get('scorpion_rejected_frames_total{reason="binary"}')).toBe(1);
  expect(after.get('scorpion_rejected_frames_total{reason="oversized"}')).toBe(1);
  expect(after.get('scorpion_connected_players')).toBe(0);
  expect(after.get('scorpion_open_sockets')).toBe(0);
});
