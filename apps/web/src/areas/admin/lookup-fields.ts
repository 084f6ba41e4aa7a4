/** How every lookup's form differs from its definition's: its code may be left for the server to make. */
export const lookupFields = {
  change: { value: { description: 'A unique code; made from the label when left empty' } },
};
