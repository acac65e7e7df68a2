export declare const HEAP_CEILING_MB: number;
export declare function serverNodeArgs(env?: Record<string, string | undefined>): string[];
