/**
 * The keys duplicates are found by (DECISIONS-style "one person, one candidate"): an email compared
 * lower-cased and trimmed; a phone by its digits with the UK prefixes +44, 0044, 44 and a leading 0
 * treated alike, so "+44 7700 900123", "0044 7700 900123" and "07700 900123" are one number.
 */
export const emailKey = (email: string) => email.trim().toLowerCase();

export const phoneKey = (phone: string) => {
  let digits = phone.replace(/\D/g, '');
  if (digits.startsWith('0044')) digits = digits.slice(4);
  else if (digits.startsWith('44') && digits.length > 10) digits = digits.slice(2);
  return digits.replace(/^0+/, '');
};
