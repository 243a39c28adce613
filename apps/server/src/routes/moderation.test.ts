import { afterAll, beforeAll, expect, test } from 'vitest';
import { TestDevice } from '../test/device.ts';
import { type RunningServer, startServer } from '../test/helper.ts';

let server: RunningServer;
let clock = 9_000_000;
beforeAll(async () => {
  server = await startServer({ now: () => clock });
});
afterAll(() => server.close());

async function signUp(nickname: string): Promise<{ device: TestDevice; id: string }> {
  const device = new TestDevice(server.url);
  expect((await device.call('POST', '/api/players', { nickname })).status).toBe(201);
  return { device, id: (await device.me())!.id };
}

test('a report reaches the queue; a moderator marks, the reporter and the marked player are told; an appeal, a clear, an undo', async () => {
  const reporter = await signUp('Reporter');
  const cheat = await signUp('Scout');
  const mod = await signUp('Referee');
  await server.app.repos.moderation.grant(mod.id, clock);

  const report = { playerId: cheat.id, reason: 'saw-hidden-cards', source: 'race', note: 'Too sure' };
  expect(await reporter.device.call('POST', '/api/reports', report)).toMatchObject({ status: 201 });
  expect(await reporter.device.call('POST', '/api/reports', report)).toMatchObject({
    status: 409,
    body: { error: 'report-open' },
  });
  expect(await reporter.device.call('POST', '/api/reports', { ...report, reason: 'rude' })).toMatchObject({
    status: 400,
    body: { error: 'bad-message' },
  });
  expect(await reporter.device.call('POST', '/api/reports', { ...report, note: 'x'.repeat(281) })).toMatchObject({
    status: 400,
  });
  expect(await new TestDevice(server.url).call('POST', '/api/reports', report)).toMatchObject({ status: 401 });

  // Only a moderator sees the queue: anyone else reads "not found".
  expect(await reporter.device.call('GET', '/api/mod/queue')).toMatchObject({ status: 404 });
  expect(await reporter.device.call('GET', '/api/me/moderation')).toMatchObject({
    body: { moderator: false, mark: null, actioned: [] },
  });
  expect((await mod.device.call('GET', '/api/me/moderation')).body.moderator).toBe(true);
  const queue = await mod.device.call('GET', '/api/mod/queue');
  expect(queue.body.entries).toMatchObject([
    {
      kind: 'report',
      player: { nickname: 'Scout' },
      reporter: { nickname: 'Reporter' },
      reason: 'saw-hidden-cards',
      note: 'Too sure',
    },
  ]);

  clock += 1_000;
  const mark = { action: 'mark', playerId: cheat.id, reason: 'Knew the cards' };
  expect(await reporter.device.call('POST', '/api/mod/actions', mark)).toMatchObject({ status: 404 });
  expect(await mod.device.call('POST', '/api/mod/actions', mark)).toMatchObject({ status: 200 });
  expect(await mod.device.call('POST', '/api/mod/actions', mark)).toMatchObject({
    status: 409,
    body: { error: 'already-marked' },
  });
  expect((await reporter.device.call('GET', '/api/me/moderation')).body.actioned).toStrictEqual([
    { nickname: 'Scout', at: clock },
  ]);
  expect((await reporter.device.call('GET', '/api/me/moderation')).body.actioned).toStrictEqual([]);
  expect((await cheat.device.call('GET', '/api/me/moderation')).body.mark).toStrictEqual({
    at: clock,
    appealed: false,
  });

  clock += 1_000;
  expect(await cheat.device.call('POST', '/api/me/appeal', { note: 'I guess well' })).toMatchObject({ status: 201 });
  expect(await cheat.device.call('POST', '/api/me/appeal', {})).toMatchObject({ body: { error: 'appeal-used' } });
  expect((await mod.device.call('GET', '/api/mod/queue')).body.entries).toMatchObject([
    { kind: 'appeal', marked: true, note: 'I guess well' },
  ]);

  clock += 1_000;
  const clear = { action: 'clear', playerId: cheat.id, reason: 'Convinced' };
  expect(await mod.device.call('POST', '/api/mod/actions', clear)).toMatchObject({ status: 200 });
  expect((await cheat.device.call('GET', '/api/me/moderation')).body.mark).toBeNull();
  const log = (await mod.device.call('GET', '/api/mod/log')).body.entries;
  expect(log.map((l: { action: string }) => l.action)).toStrictEqual(['clear', 'mark']);
  expect(await mod.device.call('POST', `/api/mod/log/${log[0].id}/undo`)).toMatchObject({ status: 200 });
  expect(await mod.device.call('POST', `/api/mod/log/${log[0].id}/undo`)).toMatchObject({
    status: 409,
    body: { error: 'undo-refused' },
  });
  expect((await cheat.device.call('GET', '/api/me/moderation')).body.mark).not.toBeNull();
});
