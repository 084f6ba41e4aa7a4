import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { CompanyPage } from '../areas/companies/company-page';
import { JobPage } from '../areas/jobs/job-page';
import { JobSearchPage } from '../areas/jobs/job-search-page';
import { ContactPage } from '../areas/public/contact-page';
import { LandingPage } from '../areas/public/landing-page';
import { NotFoundPage } from '../areas/public/not-found-page';
import { FullPageLoader } from './full-page-loader';
import { RequireUser } from './require-user';
import { SetupGate } from './setup-gate';
import { PublicShell } from './shells/public-shell';

/** A screen loaded when it is first opened: the module and the component it exports. */
const screen =
  <Module extends Record<string, unknown>>(load: () => Promise<Module>, name: keyof Module & string) =>
  async () => ({ Component: (await load())[name] as ComponentType });

/**
 * Paths the server draws before any script runs (`entry-server.tsx`), so their content is in the
 * first HTML; the browser then hydrates it. Signed-in areas are drawn in the browser only.
 */
export const serverRenderedPaths = ['/', '/jobs', '/jobs/:slug', '/companies/:slug', '/contact'] as const;

// The public board comes at once; sign-in, registration and every signed-in area (its shell and screens) load when first opened.
export const routes: RouteObject[] = [
  {
    Component: SetupGate,
    // Shown while a lazy screen opened straight from the address bar loads (React Router warns without one).
    HydrateFallback: FullPageLoader,
    children: [
      {
        Component: PublicShell,
        children: [
          { path: '/', Component: LandingPage },
          { path: '/jobs', Component: JobSearchPage },
          // The server answers this address first, with the job's meta tags and JobPosting in the HTML.
          { path: '/jobs/:slug', Component: JobPage },
          { path: '/companies/:slug', Component: CompanyPage },
          { path: '/contact', Component: ContactPage },
        ],
      },
      { path: '/login', lazy: screen(() => import('../areas/auth/login-page'), 'LoginPage') },
      { path: '/register', lazy: screen(() => import('../areas/auth/register-seeker-page'), 'RegisterSeekerPage') },
      { path: '/register/company', lazy: screen(() => import('../areas/auth/register-company-page'), 'RegisterCompanyPage') },
      { path: '/forgot-password', lazy: screen(() => import('../areas/auth/forgot-password-page'), 'ForgotPasswordPage') },
      { path: '/reset-password', lazy: screen(() => import('../areas/auth/reset-password-page'), 'ResetPasswordPage') },
      { path: '/setup', lazy: screen(() => import('../areas/auth/setup-page'), 'SetupPage') },
      // An outside interviewer's page: a mailed code opens the one interview to score.
      {
        path: '/interview/:id',
        lazy: screen(() => import('../areas/public/interview-information-page'), 'InterviewInformationPage'),
      },
      {
        path: '/admin',
        element: <RequireUser types={['SUPER_ADMIN', 'ADMIN']} />,
        children: [
          {
            lazy: screen(() => import('./shells/admin-shell'), 'AdminShell'),
            children: [
              { index: true, lazy: screen(() => import('../areas/admin/dashboard-page'), 'AdminDashboardPage') },
              {
                path: 'job-seekers/:id',
                lazy: screen(() => import('../areas/admin/job-seeker-page'), 'AdminJobSeekerPage'),
              },
              {
                path: 'companies/:id',
                lazy: screen(() => import('../areas/admin/company-page'), 'AdminCompanyPage'),
              },
              {
                path: 'articles/new',
                lazy: screen(() => import('../areas/admin/article-editor-page'), 'ArticleEditorPage'),
              },
              {
                path: 'articles/:id/edit',
                lazy: screen(() => import('../areas/admin/article-editor-page'), 'ArticleEditorPage'),
              },
              { path: 'cover-letters', element: <Navigate to="/admin/cover-letters/sections" replace /> },
              { path: 'roles/:roleId', lazy: screen(() => import('../areas/crm/role-editor-page'), 'AdminRoleEditorPage') },
              { path: 'profile', lazy: screen(() => import('../areas/account/profile-page'), 'ProfilePage') },
              // Every other section (skills, staff, the cover letters' sections, ...) is a definition's, placed by its `screen`.
              { path: '*', lazy: screen(() => import('./section-screen'), 'AdminSectionScreen') },
            ],
          },
        ],
      },
      {
        path: '/crm',
        element: <RequireUser types={['CRM_USER']} />,
        children: [
          {
            lazy: screen(() => import('./shells/crm-shell'), 'CrmShell'),
            children: [
              { index: true, lazy: screen(() => import('../areas/crm/dashboard-page'), 'CrmDashboardPage') },
              { path: 'clients/:id', lazy: screen(() => import('../areas/crm/client-page'), 'ClientPage') },
              { path: 'jobs/:id', lazy: screen(() => import('../areas/hiring/job-page'), 'JobPage') },
              { path: 'applications/:id', lazy: screen(() => import('../areas/hiring/application-page'), 'ApplicationPage') },
              { path: 'hiring-reports', lazy: screen(() => import('../areas/hiring/reports-page'), 'HiringReportsPage') },
              { path: 'pipelines/:id', lazy: screen(() => import('../areas/hiring/pipeline-page'), 'PipelinePage') },
              { path: 'candidates/merge', lazy: screen(() => import('../areas/crm/candidate-merge-page'), 'CandidateMergePage') },
              { path: 'candidates/:id', lazy: screen(() => import('../areas/crm/candidate-page'), 'CandidatePage') },
              { path: 'roles/:roleId', lazy: screen(() => import('../areas/crm/role-editor-page'), 'RoleEditorPage') },
              { path: 'profile', lazy: screen(() => import('../areas/account/profile-page'), 'ProfilePage') },
              // Every other section (clients, leads, feedback categories, ...) is a definition's, placed by its `screen`.
              { path: ':section', lazy: screen(() => import('./section-screen'), 'CrmSectionScreen') },
            ],
          },
        ],
      },
      {
        path: '/seeker',
        element: <RequireUser types={['JOB_SEEKER']} />,
        children: [
          {
            lazy: screen(() => import('./shells/seeker-shell'), 'SeekerShell'),
            children: [
              { index: true, lazy: screen(() => import('../areas/seeker/profile-page'), 'SeekerProfilePage') },
              {
                path: 'applications',
                lazy: screen(() => import('../areas/seeker/applications-page'), 'ApplicationsPage'),
              },
              { path: 'wishlist', lazy: screen(() => import('../areas/seeker/wishlist-page'), 'WishlistPage') },
              { path: 'account', lazy: screen(() => import('../areas/seeker/account-page'), 'AccountPage') },
              { path: 'agencies', lazy: screen(() => import('../areas/seeker/agency-links'), 'AgencyLinksPage') },
              { path: 'cvs', lazy: screen(() => import('../areas/documents/cv/cvs-page'), 'CvsPage') },
              // One route for a new CV ("new") and a saved one, so the builder stays put when a new CV is first saved.
              {
                path: 'cvs/:cvId',
                lazy: screen(() => import('../areas/documents/cv/cv-builder-page'), 'CvBuilderPage'),
              },
              {
                path: 'cover-letters',
                lazy: screen(() => import('../areas/documents/cover-letter/cover-letters-page'), 'CoverLettersPage'),
              },
              {
                path: 'cover-letters/:id',
                lazy: screen(() => import('../areas/documents/cover-letter/cover-letter-builder-page'), 'CoverLetterBuilderPage'),
              },
            ],
          },
        ],
      },
      {
        path: '/company',
        element: <RequireUser types={['RECRUITER']} />,
        children: [
          {
            lazy: screen(() => import('./shells/company-shell'), 'CompanyShell'),
            children: [
              { index: true, element: <Navigate to="/company/jobs" replace /> },
              { path: 'jobs', lazy: screen(() => import('../areas/company/jobs-page'), 'CompanyJobsPage') },
              { path: 'jobs/new', lazy: screen(() => import('../areas/company/job-editor-page'), 'JobEditorPage') },
              {
                path: 'jobs/:id/edit',
                lazy: screen(() => import('../areas/company/job-editor-page'), 'JobEditorPage'),
              },
              {
                path: 'jobs/:id/applicants',
                lazy: screen(() => import('../areas/company/applicants-page'), 'ApplicantsPage'),
              },
              {
                path: 'profile',
                lazy: screen(() => import('../areas/company/company-profile-page'), 'CompanyProfilePage'),
              },
            ],
          },
        ],
      },
      {
        path: '/client',
        element: <RequireUser types={['CRM_CLIENT_USER']} />,
        children: [
          {
            lazy: screen(() => import('./shells/client-shell'), 'ClientShell'),
            children: [
              { index: true, lazy: screen(() => import('../areas/client/client-home-page'), 'ClientHomePage') },
              { path: 'jobs', lazy: screen(() => import('../areas/client/client-jobs-page'), 'ClientJobsPage') },
              { path: 'jobs/:id', lazy: screen(() => import('../areas/client/client-job-page'), 'ClientJobPage') },
              {
                path: 'applications',
                lazy: screen(() => import('../areas/client/client-applications-page'), 'ClientApplicationsPage'),
              },
              { path: 'interviews', lazy: screen(() => import('../areas/client/client-interviews-page'), 'ClientInterviewsPage') },
              { path: 'feedback', lazy: screen(() => import('../areas/client/client-feedback-page'), 'ClientFeedbackPage') },
            ],
          },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
