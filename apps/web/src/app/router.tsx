import { createBrowserRouter } from 'react-router';
import { ProfilePage } from '../areas/account/profile-page';
import { FeaturesPage } from '../areas/admin/features-page';
import { ModulesPage } from '../areas/admin/modules-page';
import { OrganisationsPage } from '../areas/admin/organisations-page';
import { AdminOverviewPage } from '../areas/admin/overview-page';
import { PermissionsPage } from '../areas/admin/permissions-page';
import { AdminRolesPage } from '../areas/admin/roles-page';
import { AdminStaffPage } from '../areas/admin/staff-page';
import { ForgotPasswordPage } from '../areas/auth/forgot-password-page';
import { LoginPage } from '../areas/auth/login-page';
import { ResetPasswordPage } from '../areas/auth/reset-password-page';
import { SetupPage } from '../areas/auth/setup-page';
import { ClientHomePage } from '../areas/client/client-home-page';
import { CompanyHomePage } from '../areas/company/company-home-page';
import { AuditLogPage } from '../areas/crm/audit-log-page';
import { CrmDashboardPage } from '../areas/crm/dashboard-page';
import { CrmRolesPage } from '../areas/crm/roles-page';
import { CrmStaffPage } from '../areas/crm/staff-page';
import { LandingPage } from '../areas/public/landing-page';
import { NotFoundPage } from '../areas/public/not-found-page';
import { SeekerHomePage } from '../areas/seeker/seeker-home-page';
import { RequireUser } from './require-user';
import { SetupGate } from './setup-gate';
import { AdminShell } from './shells/admin-shell';
import { ClientShell } from './shells/client-shell';
import { CompanyShell } from './shells/company-shell';
import { CrmShell } from './shells/crm-shell';
import { PublicShell } from './shells/public-shell';
import { SeekerShell } from './shells/seeker-shell';

export const router = createBrowserRouter([
  {
    Component: SetupGate,
    children: [
      { path: '/', Component: PublicShell, children: [{ index: true, Component: LandingPage }] },
      { path: '/login', Component: LoginPage },
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
              { index: true, Component: AdminOverviewPage },
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
        children: [{ Component: SeekerShell, children: [{ index: true, Component: SeekerHomePage }] }],
      },
      {
        path: '/company',
        element: <RequireUser types={['RECRUITER']} />,
        children: [{ Component: CompanyShell, children: [{ index: true, Component: CompanyHomePage }] }],
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
