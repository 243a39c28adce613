import { expect, test } from 'vitest';
import { nicknameProblem } from './nickname.ts';

test('a nickname the server would refuse for its form is refused before it is sent', () => {
  expect(nicknameProblem('A')).toBe('A nickname has 2 to 20 characters.');
  expect(nicknameProblem('x'.repeat(21))).toBe('A nickname has 2 to 20 characters.');
  expect(nicknameProblem('no<script>')).toBe('A nickname holds only letters, digits, spaces and _ - .');
  expect(nicknameProblem('__')).toBe('A nickname needs a letter or a digit.');
});

test('names the server accepts pass, whatever their script', () => {
  for (const name of ['Ada', '  Solver Sam  ', 'Zoë_2', 'Ана', 'j.d-9']) expect(nicknameProblem(name)).toBeUndefined();
});
