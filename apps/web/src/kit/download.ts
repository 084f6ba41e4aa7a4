import { ApiError } from './api';

/**
 * Downloads what a call answers as a file (a CSV export): the browser saves it under the name the
 * server gives, or `fallbackName`. A refusal arrives as the usual envelope and becomes an ApiError.
 */
export const downloadFile = async (input: { path: string; body: unknown; fallbackName: string }) => {
  const response = await fetch(`/api${input.path}`, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'text/csv, application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(input.body),
  });
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, envelope?.message ?? `The download failed (${response.status})`, []);
  }
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = named ?? input.fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
