import type { ListResult } from '@app/contract/conventions/list';

/** A list's total as people read it: "1,234", or "1,000+" where the server stopped counting. */
export const resultCount = (data: Pick<ListResult<unknown>, 'totalResults' | 'totalResultsCapped'>) =>
  `${data.totalResults.toLocaleString('en-GB')}${data.totalResultsCapped ? '+' : ''}`;
