#!/usr/bin/env node
// Makes solcjs (wasm, from npm) answer like a native solc binary, so forge works offline.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const solc = require("solc");

const args = process.argv.slice(2);

if (args.includes("--version")) {
  process.stdout.write(`solc, the solidity compiler commandline interface\nVersion: ${solc.version()}\n`);
  return;
}

if (!args.includes("--standard-json")) {
  process.stderr.write("only --version and --standard-json are supported\n");
  process.exitCode = 1;
  return;
}

const roots = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--base-path" || args[i] === "--include-path") roots.push(args[i + 1]);
}
if (roots.length === 0) roots.push(process.cwd());

function findImports(importPath) {
  for (const root of roots) {
    const file = path.resolve(root, importPath);
    if (fs.existsSync(file)) return { contents: fs.readFileSync(file, "utf8") };
  }
  return { error: `File not found: ${importPath}` };
}

const input = fs.readFileSync(0, "utf8");
const output = solc.compile(input, { import: findImports });
process.stdout.write(output);
