// better-sqlite3 has no prebuilt binary reachable here, so node-gyp compiles it;
// point node-gyp at the Node headers Debian ships instead of letting it download them.
// A caller that names its own headers (the Node 24 run in CI: scripts/test-node24.sh) keeps them.
const fs = require('node:fs');

module.exports = {
  hooks: {
    updateConfig(config) {
      if (!process.env.npm_config_nodedir && fs.existsSync('/usr/include/node/node_version.h')) {
        config.extraEnv = { ...(config.extraEnv ?? {}), npm_config_nodedir: '/usr' };
      }
      return config;
    },
  },
};
