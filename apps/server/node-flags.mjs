// The V8 settings every start of the server is given: `npm run serve`, the systemd unit, the
// local cluster, the browser tests and the bench (why these: docs/decisions.md). Node reads
// them before any of the server's code runs, so they cannot be set from main.js.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--v8-pool-size=1'];
