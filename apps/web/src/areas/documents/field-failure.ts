import type { FieldError } from '@app/contract/conventions/envelope';
import { notifyFailure } from '../../kit/notify';

/**
 * Says a failed save in a notification: messages that sit beside their inputs are not repeated
 * there (as the kit's forms do), only counted; anything else is said in full.
 */
export const notifyFieldFailure = (error: unknown, mapped: Record<string, string>, unmapped: FieldError[], title: string) => {
  const shown = Object.keys(mapped).length;
  if (shown === 0) return notifyFailure(error, title);
  const rest = unmapped.map((item) => item.message).join(' ');
  const count = shown === 1 ? 'One field needs' : `${shown} fields need`;
  notifyFailure(new Error(rest || `${count} your attention.`), 'Please check the highlighted fields');
};
