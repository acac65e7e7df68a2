/** The longest phone or e-mail address a form takes (an e-mail address's limit). Framework-free for the browser. */
export const CONTACT_MAX_LENGTH = 254;
