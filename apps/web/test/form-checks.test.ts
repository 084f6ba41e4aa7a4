import { employeeCard } from '@app/contract/resources/content/article';
import { job } from '@app/contract/resources/job-board/job';
import { updateJobSeekerPreferences } from '@app/contract/resources/job-board/job-seeker';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callApi, callResource } from '../src/kit/api';

const failureOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
};

describe('forms check with the contract’s schemas before sending', () => {
  const fetch = vi.fn();
  vi.stubGlobal('fetch', fetch);
  afterEach(() => fetch.mockReset());

  it('refuses a salary range whose minimum is above its maximum, on the maximum, without a request', async () => {
    const error = await failureOf(
      callApi(updateJobSeekerPreferences, { preferences: { expectedSalary: { min: 40_000, max: 20_000, duration: 'YEAR' } } }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.errors).toContainEqual({
      field: 'preferences.expectedSalary.max',
      message: 'The maximum salary must not be below the minimum',
    });
    const jobError = await failureOf(
      callResource(job, 'create', { title: 'Driver', content: 'Drive.', salaries: [{ min: 30_000, max: 10_000 }] }),
    );
    expect(jobError.errors).toContainEqual({ field: 'salaries.0.max', message: 'The maximum salary must not be below the minimum' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says in words what a half-filled business card lacks', async () => {
    const error = await failureOf(
      callResource(employeeCard, 'create', { slug: 'jo', phone: 'call me maybe', linkedInLink: 'not a link', website: 'example' }),
    );
    const byField = Object.fromEntries(error.errors.map((e) => [e.field, e.message]));
    expect(byField).toMatchObject({
      name: 'Please enter the name shown on the card',
      phone: 'Please enter a valid phone number, such as +44 7700 900123',
      linkedInLink: 'Please enter your LinkedIn profile’s address, such as https://www.linkedin.com/in/your-name',
      website: 'Please enter the website’s address, such as https://example.com',
    });
    for (const { message } of error.errors) expect(message).not.toMatch(/Invalid input|expected|mongoId/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends a valid form', async () => {
    fetch.mockResolvedValue(new Response(JSON.stringify({ code: 200, success: true, message: 'ok', data: { ok: 1 } })));
    await callApi(updateJobSeekerPreferences, { preferences: { expectedSalary: { min: 20_000, max: 40_000 } } });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
