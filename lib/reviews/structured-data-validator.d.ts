// @adobe/structured-data-validator ships no types: what lib/reviews/feed.test.ts uses of it.
declare module "@adobe/structured-data-validator" {
  export type Issue = { severity: "ERROR" | "WARNING"; issueMessage: string; fieldNames?: string[]; path: { type: string }[] };
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    validate(extracted: { jsonld?: Record<string, unknown[]> }): Promise<Issue[]>;
  }
}
