import { afterEach } from 'vitest';
import { repoContract } from '../contract/index.ts';
import type { Repos } from '../types.ts';
import { sqliteRepos } from './index.ts';

const opened: Repos[] = [];
afterEach(async () => {
  for (const repos of opened.splice(0)) await repos.close();
});

repoContract(async () => {
  const repos = sqliteRepos(':memory:');
  opened.push(repos);
  return repos;
});
