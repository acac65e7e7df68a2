// Apart from form-schema.ts, so that a rule shared with the browser checks text without bringing zod.

/**
 * Whether typed text holds a control character: NUL (which PostgreSQL refuses in text: a 500) and
 * the others nobody types (tabs and line breaks are text). Every free-text field refuses them,
 * with controlCharacterMessage.
 */
export const hasControlCharacter = (text: string) => /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text);

export const controlCharacterMessage = "Please type this again: it holds a hidden control character.";
