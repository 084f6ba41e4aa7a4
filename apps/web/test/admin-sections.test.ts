import { language } from '@app/contract/resources/job-board/lookups';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../src/app/routes';
import { sectionNav } from '../src/app/shells/section-nav';
import { canOf } from '../src/kit/can';
import { recordPathOf } from '../src/kit/record-paths';
import { screenFileOf, sectionAt, sectionsOf } from '../src/kit/sections';

// The screen files a section may have (app/section-screen.tsx loads them the same way).
const screenFiles = import.meta.glob<Record<string, unknown>>('../src/areas/*/*-page.tsx');
const fileOf = (path: string) => screenFiles[`../src/${screenFileOf('admin', path)}`];

describe('the admin console’s sections come from the definitions', () => {
  const sections = sectionsOf('admin');
  const paths = sections.map(({ screen }) => screen.path);

  it('keep every screen at its address, in the menu’s order', () => {
    expect(paths).toEqual([
      'contact-queries',
      'job-seekers',
      'companies',
      'articles',
      'authors',
      'templates',
      'cards',
      'cover-letters/sections',
      'cover-letters/suggestions',
      'cover-letters/templates',
      'skills',
      'languages',
      'job-titles',
      'industries',
      'organisations',
      'staff',
      'modules',
      'features',
      'permissions',
      'roles',
    ]);
    expect(new Set(sections.map(({ screen }) => screen.menu.order)).size).toBe(sections.length);
  });

  it('keep the menu’s groups, each in one run of lines', () => {
    const groups = sections.map(({ screen }) => screen.menu.group ?? '');
    expect(groups.filter((group, index) => group !== groups[index - 1])).toEqual([
      '',
      'Job board',
      'Content',
      'Cover letters',
      'Lookups',
      'CRM',
    ]);
  });

  it.each(paths)('%s keeps its bespoke screen: a screen file exporting exactly one …Page component', async (path) => {
    const load = fileOf(path);
    expect(load, screenFileOf('admin', path)).toBeDefined();
    const exported = await (load as () => Promise<Record<string, unknown>>)();
    expect(Object.keys(exported).filter((name) => name.endsWith('Page'))).toHaveLength(1);
  });

  it.each(paths)('/admin/%s reaches the section screen with its whole path', (path) => {
    const matched = matchRoutes(routes, `/admin/${path}`);
    const last = matched?.at(-1);
    expect(last?.route.path).toBe('*');
    expect(last?.params['*']).toBe(path);
  });

  it('keeps the admin’s record pages and editors on routes of their own', () => {
    for (const path of [
      '/admin/job-seekers/j1',
      '/admin/companies/c1',
      '/admin/articles/new',
      '/admin/articles/a1/edit',
      '/admin/roles/r1',
    ]) {
      expect(matchRoutes(routes, path)?.at(-1)?.route.path).not.toBe('*');
    }
  });

  it('find a section by a path of two parts, and no other', () => {
    expect(sectionAt('admin', 'cover-letters/sections')?.resource.name).toBe('CoverLetterSection');
    expect(screenFileOf('admin', 'cover-letters/sections')).toBe('areas/admin/cover-letters-sections-page.tsx');
    expect(sectionAt('admin', 'cover-letters')).toBeUndefined();
    expect(sectionAt('admin', 'feedback-categories')).toBeUndefined();
  });

  it('place staff in the admin console and the CRM alike, its records still opening in the CRM', () => {
    expect(sectionAt('admin', 'staff')?.resource).toBe(organisationStaff);
    expect(sectionAt('crm', 'staff')?.resource).toBe(organisationStaff);
    expect(recordPathOf('OrganisationStaff', 's1')).toBe('/crm/staff?open=s1');
    expect(recordPathOf('Role', 'r1')).toBe('/crm/roles/r1');
    // The admin's record pages keep their own routes: a job seeker named in a CRM list is not linked into the admin console.
    expect(recordPathOf('JobSeeker', 'j1')).toBeUndefined();
  });
});

describe('the admin console’s menu', () => {
  const shown = (userType: 'SUPER_ADMIN' | 'ADMIN' | 'JOB_SEEKER') => {
    const can = canOf(userType, 'unavailable');
    return sectionNav('admin', userType)
      .filter((item) => !item.show || item.show(can))
      .map((item) => item.to);
  };

  it('shows each platform admin the sections whose list they may call, under their groups', () => {
    const all = sectionsOf('admin').map(({ screen }) => `/admin/${screen.path}`);
    // Organisations are listed by super admins only, organisation staff by (organisation) admins only.
    expect(shown('SUPER_ADMIN')).toEqual(all.filter((path) => path !== '/admin/staff'));
    expect(shown('ADMIN')).toEqual(all.filter((path) => path !== '/admin/organisations'));
    const languages = sectionNav('admin', 'SUPER_ADMIN').find((item) => item.to === '/admin/languages');
    expect(languages).toMatchObject({ label: 'Languages', group: 'Lookups' });
  });

  it('shows a lookup to those who may add to it, not to all who may list it (the list is public)', () => {
    expect(language.calls.list?.who).toContain('public');
    expect(shown('JOB_SEEKER')).not.toContain('/admin/languages');
  });

  it('shows job seekers and companies, reached through the admin’s own workflows, to the platform’s admins only', () => {
    expect(shown('JOB_SEEKER')).not.toContain('/admin/job-seekers');
    expect(shown('JOB_SEEKER')).not.toContain('/admin/companies');
    expect(shown('ADMIN')).toEqual(expect.arrayContaining(['/admin/job-seekers', '/admin/companies']));
  });
});
