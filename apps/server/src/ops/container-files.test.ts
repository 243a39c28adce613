import { describe, expect, test } from 'vitest';
import { durationMs, execForm, parseAssignments, parseDockerfile, parseYaml } from './container-files.ts';

describe('parseDockerfile', () => {
  test('stages, continued lines, comments inside them, directives', () => {
    const stages = parseDockerfile(
      [
        '# syntax=docker/dockerfile:1',
        'FROM node:20 AS build',
        'RUN a \\',
        '  # a comment inside',
        '  && b',
        '',
        'FROM build',
        'ENV A=1 \\',
        '    B="two words"',
        'CMD ["node", "x.ts"]',
      ].join('\n'),
    );
    expect(stages).toEqual([
      { from: 'node:20', name: 'build', instructions: [{ keyword: 'RUN', args: 'a && b' }] },
      {
        from: 'build',
        name: undefined,
        instructions: [
          { keyword: 'ENV', args: 'A=1 B="two words"' },
          { keyword: 'CMD', args: '["node", "x.ts"]' },
        ],
      },
    ]);
    expect(parseAssignments(stages[1]!.instructions[0]!.args)).toEqual({ A: '1', B: 'two words' });
    expect(execForm(stages[1]!.instructions[1]!.args)).toEqual(['node', 'x.ts']);
  });

  test('what it cannot read is an error', () => {
    expect(() => parseDockerfile('RUN x')).toThrow(/before the first FROM/);
    expect(() => parseDockerfile('FROM a\nRUN x \\')).toThrow(/continued line/);
    expect(() => execForm('node x.ts')).toThrow();
    expect(() => execForm('["node", 1]')).toThrow(/exec-form/);
  });
});

describe('parseYaml', () => {
  test('maps, lists, lists of maps, flow lists, quotes and comments', () => {
    const doc = parseYaml(
      [
        '# top comment',
        'services:',
        '  web:',
        '    image: a:latest   # trailing comment',
        '    ports:',
        '      - "8080:8080"',
        "      - '9090:9090'",
        '    env_file:',
        '      - path: .env',
        '        required: false',
        '    test: ["CMD", "node", "-e", "x # not a comment"]',
        '    empty:',
        'volumes:',
        '  data:',
      ].join('\n'),
    );
    expect(doc).toEqual({
      services: {
        web: {
          image: 'a:latest',
          ports: ['8080:8080', '9090:9090'],
          env_file: [{ path: '.env', required: 'false' }],
          test: ['CMD', 'node', '-e', 'x # not a comment'],
          empty: '',
        },
      },
      volumes: { data: '' },
    });
  });

  test('YAML outside the subset is an error, not a misreading', () => {
    expect(() => parseYaml('a: &anchor 1')).toThrow(/outside the subset/);
    expect(() => parseYaml('a: {b: 1}')).toThrow(/outside the subset/);
    expect(() => parseYaml('a: |\n  text')).toThrow(/outside the subset/);
    expect(() => parseYaml('a:\n\tb: 1')).toThrow(/tabs/);
    expect(() => parseYaml('a: 1\n    b: 2')).toThrow(/indentation/);
    expect(() => parseYaml('just text')).toThrow(/key: value/);
  });
});

test('durationMs reads compose durations', () => {
  expect(durationMs('30s')).toBe(30_000);
  expect(durationMs('1m30s')).toBe(90_000);
  expect(durationMs('1h')).toBe(3_600_000);
  expect(durationMs('500ms')).toBe(500);
  expect(() => durationMs('30')).toThrow(/duration/);
  expect(() => durationMs('30 s')).toThrow(/duration/);
});
