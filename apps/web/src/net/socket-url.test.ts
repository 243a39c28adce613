import { expect, test } from 'vitest';
import { ownerFromClose, socketUrl } from './socket-url.ts';

const at = (pathname: string, protocol = 'https:') => ({ protocol, host: 'scorpion.example', pathname });

test('a room page names its room on the socket, and the owner once a 4009 named it', () => {
  expect(socketUrl(at('/', 'http:'))).toBe('ws://scorpion.example/ws');
  expect(socketUrl(at('/daily'))).toBe('wss://scorpion.example/ws');
  expect(socketUrl(at('/r/abc234'))).toBe('wss://scorpion.example/ws?room=ABC234');
  const owner = { room: 'ABC234', node: 'node-2' };
  expect(socketUrl(at('/r/ABC234/'), owner)).toBe('wss://scorpion.example/ws?room=ABC234&node=node-2');
  // Another room, or no room: the owner of the old one means nothing there.
  expect(socketUrl(at('/r/XYZ789'), owner)).toBe('wss://scorpion.example/ws?room=XYZ789');
  expect(socketUrl(at('/'), owner)).toBe('wss://scorpion.example/ws');
});

test('only a 4009 on a room page names an owner', () => {
  expect(ownerFromClose(4009, 'node-2', '/r/ABC234')).toEqual({ room: 'ABC234', node: 'node-2' });
  expect(ownerFromClose(4009, 'node-2', '/daily')).toBeUndefined();
  expect(ownerFromClose(1006, '', '/r/ABC234')).toBeUndefined();
  expect(ownerFromClose(4008, 'too many sockets', '/r/ABC234')).toBeUndefined();
});

test("a visitor's socket on a room page says so, after its room and its owner", () => {
  expect(socketUrl(at('/r/ABC234'), undefined, true)).toBe('wss://scorpion.example/ws?room=ABC234&watch=1');
  const owner = { room: 'ABC234', node: 'node-2' };
  expect(socketUrl(at('/r/ABC234'), owner, true)).toBe('wss://scorpion.example/ws?room=ABC234&node=node-2&watch=1');
});
