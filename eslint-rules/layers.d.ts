/** Types of ./layers.js for TypeScript readers of the map (scripts/layer-report.ts). */
export declare const roots: string[];
export declare const layers: Record<string, string[]>;
export declare const privateFolders: Record<string, string>;
export declare const doors: Record<string, string>;
export declare const ports: Record<string, { port: string; guardedNames: string[] }>;
export declare const typeOnlyFrom: Record<string, string[]>;
export declare const selfContained: string[];
export declare const allowances: { from: string; to: string[] }[];
