import { expect, test } from 'vitest';
import { ClosedBeforeWelcome, openOnRoomPage } from './room-socket.ts';

/** An `open` that answers each address from a script: a close before the welcome, or a socket. */
function scripted(answers: readonly (ClosedBeforeWelcome | string)[]) {
  const asked: string[] = [];
  const open = async (url: string) => {
    const answer = answers[asked.push(url) - 1];
    if (answer === undefined) throw new Error(`no answer scripted for ${url}`);
    if (answer instanceof ClosedBeforeWelcome) throw answer;
    return answer;
  };
  return { asked, open };
}

test("a guest opens the room page's socket and follows the 4009 to the owner it names, as the web app does", async () => {
  const { asked, open } = scripted([new ClosedBeforeWelcome(4009, 'node-2'), 'on node-2']);
  const landed = await openOnRoomPage('ws://127.0.0.1:8080/ws', 'abcd', 'cookie', open);
  expect(landed).toEqual({ racer: 'on node-2', redirects: 1 });
  expect(asked).toEqual(['ws://127.0.0.1:8080/ws?room=ABCD', 'ws://127.0.0.1:8080/ws?room=ABCD&node=node-2']);
});

test('a close that names no owner, or owners that keep sending it on, is an error, not a retry forever', async () => {
  const unnamed = scripted([new ClosedBeforeWelcome(1008, 'no identity')]);
  await expect(openOnRoomPage('ws://h/ws', 'ABCD', 'c', unnamed.open)).rejects.toBeInstanceOf(ClosedBeforeWelcome);
  const bounced = scripted(Array.from({ length: 4 }, (_, i) => new ClosedBeforeWelcome(4009, `node-${i}`)));
  await expect(openOnRoomPage('ws://h/ws', 'ABCD', 'c', bounced.open)).rejects.toThrow(/no welcome after 4 landings/);
  expect(bounced.asked).toHaveLength(4);
});
