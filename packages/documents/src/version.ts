/** Bumped whenever a template's drawing changes, so files cached by content are drawn again. */
// 2: sections in the seeker's order (sectionOrder); modern's and compact's first drawn section spaced as the
// first whichever it is; modern's sidebar skills kept on one page when short, as in the other templates.
// 3: modern's contact details wrap a long email or link at its dots and @ instead of running off the sidebar.
export const documentsVersion = 3;
