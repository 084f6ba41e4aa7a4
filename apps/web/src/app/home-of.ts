import type { UserType } from '@app/contract/access';
import { updateOwnProfile } from '@app/contract/resources/organisation-staff';
import { mayCall } from '../kit/can';

/** Where each user type works; sign-in lands there and a wrong area sends people back to it. */
export const homeOf: Record<UserType, string> = {
  SUPER_ADMIN: '/admin',
  ADMIN: '/admin',
  CRM_USER: '/crm',
  CRM_CLIENT_USER: '/client',
  JOB_SEEKER: '/seeker',
  RECRUITER: '/company',
};

/** A return address after sign-in is followed only when it is inside the user's own area. */
export const landingFor = (userType: UserType, next: string | null) => {
  const home = homeOf[userType];
  return next && (next === home || next.startsWith(`${home}/`)) ? next : home;
};

/** Staff (who may update their own profile) have a profile page in their area. */
export const profilePathOf = (userType: UserType | undefined) =>
  userType && mayCall(userType, updateOwnProfile) ? `${homeOf[userType]}/profile` : undefined;
