import { z } from 'zod';

/**
 * Messages for a person where a schema names none of its own. Zod's defaults ("Invalid input:
 * expected object, received undefined") reach people through forms and the API's 400s, so every
 * rule without its own message speaks in the words of the field it is about. A schema's own message
 * always wins over these.
 */
const names: Record<string, string> = {
  _id: 'record',
  linkedInLink: 'LinkedIn link',
  profileImg: 'photo',
  url: 'web address',
  dob: 'date of birth',
};

/** `preferredLocation` → "preferred location", `industryId` → "industry", `items.2.label` → "label". */
export const fieldName = (path: readonly PropertyKey[]) => {
  const key = [...path].reverse().find((part): part is string => typeof part === 'string' && !/^\d+$/.test(part));
  if (!key) return 'this';
  if (names[key]) return names[key];
  return key
    .replace(/Ids?$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
};

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const missing = (expected: string | undefined, name: string) => {
  if (name === 'this') return 'Please fill in the form';
  if (expected === 'object' || expected === 'array') return `Please fill in ${name}`;
  if (expected === 'boolean') return `Please choose ${name}`;
  return `Please enter ${name}`;
};

const wrongType: Record<string, (name: string) => string> = {
  string: (name) => `${name} must be text`,
  number: (name) => `${name} must be a number`,
  int: (name) => `${name} must be a whole number`,
  boolean: (name) => `${name} must be yes or no`,
  array: (name) => `${name} must be a list`,
  date: (name) => `${name} must be a date`,
};

type Issue = Parameters<NonNullable<z.core.$ZodConfig['customError']>>[0];

/** The message for one issue, in words. */
export const humanMessage = (issue: Issue): string => {
  const name = fieldName(issue.path ?? []);
  const Name = capital(name === 'this' ? 'this value' : name);
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null) return missing(issue.expected, name);
      return (wrongType[issue.expected] ?? ((n: string) => `${n} is not filled in correctly`))(Name);
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? `Please enter ${name}` : `${Name} must be at least ${min} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return min <= 1 ? `Please add ${name}` : `Please add at least ${min} ${name}`;
      return `${Name} must be at least ${min}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `${Name} must be at most ${max} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Please add at most ${max} ${name}`;
      return `${Name} must be at most ${max}`;
    }
    case 'invalid_format': {
      if (issue.format === 'url') return `${Name} must be a web address such as https://example.com`;
      if (issue.format === 'email') return 'Please enter a valid email';
      if (['datetime', 'date', 'time'].includes(issue.format)) return `${Name} must be a valid date`;
      return `${Name} is not in the right form`;
    }
    case 'invalid_value':
      return `Please choose ${name} from the list`;
    case 'unrecognized_keys':
      return `Unknown field: ${issue.keys.join(', ')}`;
    case 'not_multiple_of':
      return `${Name} must be a multiple of ${issue.divisor}`;
    default:
      return `${Name} is not filled in correctly`;
  }
};

z.config({ customError: humanMessage });
