// better-sqlite3 has no prebuilt binary reachable here, so node-gyp compiles it;
// point node-gyp at the Node headers Debian ships instead of letting it download them.
const fs = require('node:fs');

module.exports = {
  hooks: {
    updateConfig(config) {
      if (fs.existsSync('/usr/include/node/node_version.h')) {
        config.extraEnv = { ...(config.extraEnv ?? {}), npm_config_nodedir: '/usr' };
      }
      return config;
    },
  },
};
