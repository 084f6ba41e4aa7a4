/** Bumped whenever a template's drawing changes, so files cached by content are drawn again. */
export const documentsVersion = 1;
