export declare const ACTIVE_READS_LIMIT: number;
export declare const SLOT_HELD_AT_MOST_MS: number;
