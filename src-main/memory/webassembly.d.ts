/**
 * The part of the WebAssembly JS API the engine uses (vector-index.ts). Node has it as a global; TypeScript
 * declares it only in the DOM libraries, which the main-process code does not load.
 */
declare namespace WebAssembly {
  interface Module {
    readonly [Symbol.toStringTag]: string;
  }
  const Module: new (bytes: Uint8Array) => Module;
  class Memory {
    constructor(descriptor: { initial: number; maximum?: number });
    readonly buffer: ArrayBuffer;
  }
  class Instance {
    constructor(module: Module, imports: Record<string, Record<string, Memory>>);
    readonly exports: Record<string, unknown>;
  }
}
