/** How every lookup's form differs from its definition's: its code may be left for the server to make. */
export const lookupFields = {
  change: { value: { description: 'A unique code; made from the label when left empty' } },
};

/** Skills and languages seekers type in wait as Pending (the status filter's "Pending" lists them) for an admin's yes or no. */
export const typedInStatusLabels = { ACTIVE: 'Approve / switch on', INACTIVE: 'Reject / switch off', PENDING: 'Back to pending' };
