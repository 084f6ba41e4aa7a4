import { notifications } from '@mantine/notifications';
import { isApiError } from './api';

export const notifySuccess = (message: string) => notifications.show({ color: 'teal', title: 'Done', message });

export const messageOf = (error: unknown) =>
  isApiError(error) ? error.message : error instanceof Error ? error.message : 'Something went wrong. Please try again.';

export const notifyFailure = (error: unknown, title = 'That did not work') =>
  notifications.show({ color: 'red', title, message: messageOf(error) });
