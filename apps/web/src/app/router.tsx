import { createBrowserRouter, Navigate } from 'react-router';
import { ProfilePage } from '../areas/account/profile-page';
import { FeaturesPage } from '../areas/admin/features-page';
import { ModulesPage } from '../areas/admin/modules-page';
import { OrganisationsPage } from '../areas/admin/organisations-page';
import { PermissionsPage } from '../areas/admin/permissions-page';
import { AdminRolesPage } from '../areas/admin/roles-page';
import { AdminStaffPage } from '../areas/admin/staff-page';
import { ForgotPasswordPage } from '../areas/auth/forgot-password-page';
import { LoginPage } from '../areas/auth/login-page';
import { RegisterCompanyPage } from '../areas/auth/register-company-page';
import { RegisterSeekerPage } from '../areas/auth/register-seeker-page';
import { ResetPasswordPage } from '../areas/auth/reset-password-page';
import { SetupPage } from '../areas/auth/setup-page';
import { ClientHomePage } from '../areas/client/client-home-page';
import { CompanyPage } from '../areas/companies/company-page';
import { AuditLogPage } from '../areas/crm/audit-log-page';
import { CrmDashboardPage } from '../areas/crm/dashboard-page';
import { CrmRolesPage } from '../areas/crm/roles-page';
import { CrmStaffPage } from '../areas/crm/staff-page';
import { JobPage } from '../areas/jobs/job-page';
import { JobSearchPage } from '../areas/jobs/job-search-page';
import { ContactPage } from '../areas/public/contact-page';
import { LandingPage } from '../areas/public/landing-page';
import { NotFoundPage } from '../areas/public/not-found-page';
import { RequireUser } from './require-user';
import { SetupGate } from './setup-gate';
import { AdminShell } from './shells/admin-shell';
import { ClientShell } from './shells/client-shell';
import { CompanyShell } from './shells/company-shell';
import { CrmShell } from './shells/crm-shell';
import { PublicShell } from './shells/public-shell';
import { SeekerShell } from './shells/seeker-shell';

// The seeker's, the company's and most of the admin console's screens load when first opened; the public board and sign-in come at once.
export const router = createBrowserRouter([
  {
    Component: SetupGate,
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
      { path: '/login', Component: LoginPage },
      { path: '/register', Component: RegisterSeekerPage },
      { path: '/register/company', Component: RegisterCompanyPage },
      { path: '/forgot-password', Component: ForgotPasswordPage },
      { path: '/reset-password', Component: ResetPasswordPage },
      { path: '/setup', Component: SetupPage },
      {
        path: '/admin',
        element: <RequireUser types={['SUPER_ADMIN', 'ADMIN']} />,
        children: [
          {
            Component: AdminShell,
            children: [
              { index: true, lazy: () => import('../areas/admin/dashboard-page').then((m) => ({ Component: m.AdminDashboardPage })) },
              {
                path: 'job-seekers',
                lazy: () => import('../areas/admin/job-seekers-page').then((m) => ({ Component: m.JobSeekersPage })),
              },
              {
                path: 'job-seekers/:id',
                lazy: () => import('../areas/admin/job-seeker-page').then((m) => ({ Component: m.AdminJobSeekerPage })),
              },
              { path: 'companies', lazy: () => import('../areas/admin/companies-page').then((m) => ({ Component: m.CompaniesPage })) },
              {
                path: 'companies/:id',
                lazy: () => import('../areas/admin/company-page').then((m) => ({ Component: m.AdminCompanyPage })),
              },
              {
                path: 'contact-queries',
                lazy: () => import('../areas/admin/contact-queries-page').then((m) => ({ Component: m.ContactQueriesPage })),
              },
              { path: 'articles', lazy: () => import('../areas/admin/articles-page').then((m) => ({ Component: m.ArticlesPage })) },
              {
                path: 'articles/new',
                lazy: () => import('../areas/admin/article-editor-page').then((m) => ({ Component: m.ArticleEditorPage })),
              },
              {
                path: 'articles/:id/edit',
                lazy: () => import('../areas/admin/article-editor-page').then((m) => ({ Component: m.ArticleEditorPage })),
              },
              { path: 'authors', lazy: () => import('../areas/admin/authors-page').then((m) => ({ Component: m.AuthorsPage })) },
              { path: 'templates', lazy: () => import('../areas/admin/templates-page').then((m) => ({ Component: m.TemplatesPage })) },
              { path: 'cards', lazy: () => import('../areas/admin/cards-page').then((m) => ({ Component: m.CardsPage })) },
              { path: 'cover-letters', element: <Navigate to="/admin/cover-letters/sections" replace /> },
              {
                path: 'cover-letters/sections',
                lazy: () => import('../areas/admin/cover-letter-sections-page').then((m) => ({ Component: m.CoverLetterSectionsPage })),
              },
              {
                path: 'cover-letters/suggestions',
                lazy: () =>
                  import('../areas/admin/cover-letter-suggestions-page').then((m) => ({ Component: m.CoverLetterSuggestionsPage })),
              },
              {
                path: 'cover-letters/templates',
                lazy: () => import('../areas/admin/cover-letter-templates-page').then((m) => ({ Component: m.CoverLetterTemplatesPage })),
              },
              { path: 'organisations', Component: OrganisationsPage },
              { path: 'staff', Component: AdminStaffPage },
              { path: 'modules', Component: ModulesPage },
              { path: 'features', Component: FeaturesPage },
              { path: 'permissions', Component: PermissionsPage },
              { path: 'roles', Component: AdminRolesPage },
              { path: 'profile', Component: ProfilePage },
            ],
          },
        ],
      },
      {
        path: '/crm',
        element: <RequireUser types={['CRM_USER']} />,
        children: [
          {
            Component: CrmShell,
            children: [
              { index: true, Component: CrmDashboardPage },
              { path: 'staff', Component: CrmStaffPage },
              { path: 'roles', Component: CrmRolesPage },
              { path: 'audit-log', Component: AuditLogPage },
              { path: 'profile', Component: ProfilePage },
            ],
          },
        ],
      },
      {
        path: '/seeker',
        element: <RequireUser types={['JOB_SEEKER']} />,
        children: [
          {
            Component: SeekerShell,
            children: [
              { index: true, lazy: () => import('../areas/seeker/profile-page').then((m) => ({ Component: m.SeekerProfilePage })) },
              {
                path: 'applications',
                lazy: () => import('../areas/seeker/applications-page').then((m) => ({ Component: m.ApplicationsPage })),
              },
              { path: 'wishlist', lazy: () => import('../areas/seeker/wishlist-page').then((m) => ({ Component: m.WishlistPage })) },
              { path: 'account', lazy: () => import('../areas/seeker/account-page').then((m) => ({ Component: m.AccountPage })) },
              { path: 'cvs', lazy: () => import('../areas/documents/cv/cvs-page').then((m) => ({ Component: m.CvsPage })) },
              // One route for a new CV ("new") and a saved one, so the builder stays put when a new CV is first saved.
              {
                path: 'cvs/:cvId',
                lazy: () => import('../areas/documents/cv/cv-builder-page').then((m) => ({ Component: m.CvBuilderPage })),
              },
              {
                path: 'cover-letters',
                lazy: () => import('../areas/documents/cover-letter/cover-letters-page').then((m) => ({ Component: m.CoverLettersPage })),
              },
              {
                path: 'cover-letters/:id',
                lazy: () =>
                  import('../areas/documents/cover-letter/cover-letter-builder-page').then((m) => ({
                    Component: m.CoverLetterBuilderPage,
                  })),
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
            Component: CompanyShell,
            children: [
              { index: true, element: <Navigate to="/company/jobs" replace /> },
              { path: 'jobs', lazy: () => import('../areas/company/jobs-page').then((m) => ({ Component: m.CompanyJobsPage })) },
              { path: 'jobs/new', lazy: () => import('../areas/company/job-editor-page').then((m) => ({ Component: m.JobEditorPage })) },
              {
                path: 'jobs/:id/edit',
                lazy: () => import('../areas/company/job-editor-page').then((m) => ({ Component: m.JobEditorPage })),
              },
              {
                path: 'jobs/:id/applicants',
                lazy: () => import('../areas/company/applicants-page').then((m) => ({ Component: m.ApplicantsPage })),
              },
              {
                path: 'profile',
                lazy: () => import('../areas/company/company-profile-page').then((m) => ({ Component: m.CompanyProfilePage })),
              },
            ],
          },
        ],
      },
      {
        path: '/client',
        element: <RequireUser types={['CRM_CLIENT_USER']} />,
        children: [{ Component: ClientShell, children: [{ index: true, Component: ClientHomePage }] }],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
]);
