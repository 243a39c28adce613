import { haproxyConfig } from './engines/haproxy.ts';

/** The server services of docker-compose.yml's `cluster` profile, each with `NODE_ID` = its name. */
export const COMPOSE_NODES = ['node-1', 'node-2', 'node-3'] as const;

/** Where the compose `haproxy` service reads its configuration (mounted read-only). */
export const COMPOSE_HAPROXY_FILE = 'deploy/haproxy.cfg';

/**
 * deploy/haproxy.cfg: the launcher's configuration, for the compose network: each server by its
 * service name on port 8080, resolved through Docker's DNS (127.0.0.11) so a container that is
 * recreated with a new address is found again.
 */
export function composeHaproxyConfig(): string {
  return haproxyConfig({
    port: 8080,
    nameserver: '127.0.0.11:53',
    nodes: COMPOSE_NODES.map((id) => ({ id, address: `${id}:8080` })),
  });
}
