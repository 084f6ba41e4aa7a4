/** The element holding the data a server-drawn page was drawn from (JSON, not a script: the page's policy runs no inline code). */
export const serverStateElementId = 'server-state';
