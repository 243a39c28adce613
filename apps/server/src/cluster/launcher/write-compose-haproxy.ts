import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../config.ts';
import { COMPOSE_HAPROXY_FILE, composeHaproxyConfig } from './compose-haproxy.ts';

/** `pnpm cluster:config`: writes deploy/haproxy.cfg again after haproxyConfig() changed. */
writeFileSync(join(REPO_ROOT, COMPOSE_HAPROXY_FILE), composeHaproxyConfig());
process.stdout.write(`wrote ${COMPOSE_HAPROXY_FILE}\n`);
