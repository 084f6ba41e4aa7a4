import { expect, it } from 'vitest';
import { longListWords } from '../src/areas/hiring/add-to-jobs';

it('says what a long-listing made and what was there already', () => {
  expect(longListWords({ added: [1, 2], alreadyThere: [] })).toBe('2 added to the long list');
  expect(longListWords({ added: [1], alreadyThere: [1] })).toBe('1 added to the long list; 1 was there already');
  expect(longListWords({ added: [1], alreadyThere: [1, 2] })).toBe('1 added to the long list; 2 were there already');
  expect(longListWords({ added: [], alreadyThere: [1, 2] })).toBe('Already on the long list (2)');
});
