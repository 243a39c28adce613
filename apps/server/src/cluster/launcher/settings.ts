import { isAbsolute, resolve } from 'node:path';

export interface ClusterSettings {
  readonly dir: string;
  readonly port: number;
  readonly nodes: number;
}

/** `pnpm cluster`'s settings: `PORT` (8080), `CLUSTER_NODES` (3), `CLUSTER_DIR` (`data/cluster`). */
export function clusterSettings(env: NodeJS.ProcessEnv, root: string): ClusterSettings {
  const port = Number(env.PORT || 8080);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`PORT must be a port number, not ${env.PORT}`);
  const nodes = Number(env.CLUSTER_NODES || 3);
  if (!Number.isInteger(nodes) || nodes < 1 || nodes > 64)
    throw new Error(`CLUSTER_NODES must be a whole number from 1 to 64, not ${env.CLUSTER_NODES}`);
  const dir = env.CLUSTER_DIR || 'data/cluster';
  return { port, nodes, dir: isAbsolute(dir) ? dir : resolve(root, dir) };
}
