// Worker bootstrap when Engram runs from source: tsx's loader is per thread, so register it here, then load the
// TypeScript entry given as the worker's first argument (see spawn.ts).
import { register } from 'tsx/esm/api';

register();
await import(process.argv[2]);
