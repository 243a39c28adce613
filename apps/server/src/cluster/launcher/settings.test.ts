import { describe, expect, it } from 'vitest';
import { clusterSettings } from './settings.ts';

describe("pnpm cluster's settings", () => {
  it('default to port 8080, three processes and data/cluster under the repository', () => {
    expect(clusterSettings({}, '/repo')).toEqual({ port: 8080, nodes: 3, dir: '/repo/data/cluster' });
    expect(clusterSettings({ PORT: '9000', CLUSTER_NODES: '5', CLUSTER_DIR: '/srv/c' }, '/repo')).toEqual({
      port: 9000,
      nodes: 5,
      dir: '/srv/c',
    });
  });

  it('refuse a bad PORT or CLUSTER_NODES, naming it', () => {
    expect(() => clusterSettings({ PORT: 'eighty' }, '/repo')).toThrow(/^PORT must be a port number/);
    for (const bad of ['0', '2.5', 'three', '65'])
      expect(() => clusterSettings({ CLUSTER_NODES: bad }, '/repo')).toThrow(/^CLUSTER_NODES must be/);
  });
});
