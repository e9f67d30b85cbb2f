#!/usr/bin/env node
// Runs the hookward binary of this platform, shipped in the optional dependency
// @hookward/cli-<platform>-<arch> (the pattern esbuild uses: npm installs only the one whose
// "os" and "cpu" match). Arguments, stdin/stdout/stderr and the exit code pass through.
// `hookward install` writes the binary's own path into the agents' settings, so hook calls
// never pay for this launcher.
"use strict";
const { spawnSync } = require("child_process");
const key = `${process.platform}-${process.arch}`;
const pkg = `@hookward/cli-${key}`;
let bin;
try {
  bin = require.resolve(`${pkg}/bin/hookward`);
} catch (e) {
  process.stderr.write(
    `hookward: no binary for ${key}: the optional dependency ${pkg} is not installed ` +
      `(installed with --omit=optional, or no build for this platform). ` +
      `Reinstall without --omit=optional, or use \`cargo install\` / \`uv tool install hookward\`.\n`
  );
  process.exit(2);
}
const r = spawnSync(bin, process.argv.slice(2), { stdio: "inherit" });
if (r.error) {
  process.stderr.write(`hookward: cannot run ${bin}: ${r.error.message}\n`);
  process.exit(2);
}
if (r.signal) {
  process.kill(process.pid, r.signal);
}
process.exit(r.status === null ? 2 : r.status);
