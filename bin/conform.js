#!/usr/bin/env node
// Entry point: Node >= 22.18 runs the TypeScript sources directly (type stripping).
import '../cli/main.ts';
