import type { Page } from 'playwright-core';

export const signIn = async (page: Page, email: string, password: string) => {
  await page.goto('/login');
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

export const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
};

/** Goes to a section through the area's navigation, as a person would. */
export const openSection = async (page: Page, area: string, section: string) => {
  await page
    .getByRole('navigation', { name: `${area} sections` })
    .getByRole('link', { name: section })
    .click();
  await page.getByRole('heading', { level: 1, name: section }).waitFor();
};
