/** Bumped whenever a template's drawing changes, so files cached by content are drawn again. */
// 2: sections in the seeker's order (sectionOrder); modern's and compact's first drawn section spaced as the
// first whichever it is; modern's sidebar skills kept on one page when short, as in the other templates.
export const documentsVersion = 2;
