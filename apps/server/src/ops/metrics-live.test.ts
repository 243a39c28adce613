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

async function scrapeText(): Promise<string> {
  const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return response.text();
}

/** One scrape as `series → value`, the series written as in the text (`name{label="v"}`). */
async function scrape(): Promise<Map<string, number>> {
  const series = new Map<string, number>();
  for (const line of (await scrapeText()).split('\n')) {
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
  expect(before.get('scorpion_quick_queue_waiting')).toBe(0);
  expect(before.get('scorpion_rejected_frames_total{reason="stale"}')).toBe(0);
  // prom-client's default metrics: the process, the heap, the event loop.
  expect(before.get('process_resident_memory_bytes')).toBeGreaterThan(0);
  expect(before.get('process_cpu_seconds_total')).toBeGreaterThan(0);
  expect(before.get('process_start_time_seconds')).toBeGreaterThan(0);
  expect(before.get('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  expect(before.has('nodejs_eventloop_lag_seconds')).toBe(true);
  expect(before.has('nodejs_eventloop_lag_p99_seconds')).toBe(true);
  expect(before.has('nodejs_eventloop_lag_max_seconds')).toBe(true);
  // CERTIFY=none: no solver pool, so no solver figures (solver-down.test.ts has them).
  expect([...before.keys()].filter((series) => series.startsWith('scorpion_solver_'))).toEqual([]);

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
  client.send({ type: 'queue-join', variant: 'scorpion', options: { foundations: false, open: false } });
  await client.next('queue');

  const during = await scrape();
  expect(during.get('scorpion_moves_total')).toBe(1);
  expect(during.get('scorpion_move_roundtrip_seconds_count')).toBe(2);
  expect(during.get('scorpion_move_roundtrip_seconds_bucket{le="+Inf"}')).toBe(
    during.get('scorpion_move_roundtrip_seconds_count'),
  );
  expect(during.get('scorpion_move_roundtrip_seconds_sum')).toBeGreaterThan(0);
  expect(during.get('scorpion_action_commit_seconds_count')).toBeGreaterThanOrEqual(1);
  expect(during.get('scorpion_rejected_frames_total{reason="bad-message"}')).toBe(1);
  expect(during.get('scorpion_rejected_frames_total{reason="stale"}')).toBe(1);
  expect(during.get('scorpion_connected_players')).toBe(1);
  expect(during.get('scorpion_open_sockets')).toBe(1);
  expect(during.get('scorpion_quick_queue_waiting')).toBe(1);

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

test('GC durations are a histogram by kind of collection, once one has run', async () => {
  // A young-generation collection comes soon after enough garbage; the test makes some.
  let text = await scrapeText();
  for (let i = 0; i < 200 && !text.includes('nodejs_gc_duration_seconds_count{kind='); i++) {
    Array.from({ length: 100_000 }, (_, n) => ({ n }));
    await new Promise((resolve) => setImmediate(resolve));
    text = await scrapeText();
  }
  expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
  expect(text).toMatch(/\nnodejs_gc_duration_seconds_count\{kind="(minor|major|incremental|weakcb)"\} \d+\n/);
});
