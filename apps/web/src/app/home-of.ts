import { homeOf, type UserType } from '@app/contract/access';
import { updateOwnProfile } from '@app/contract/resources/organisation-staff';
import { mayCall } from '../kit/can';

/** The public job board's pages, where anybody may come back to after signing in (the job they wanted to apply for). */
const isPublicPage = (path: string) => /^\/(jobs|companies)([/?]|$)/.test(path) && !path.startsWith('//');

/** A return address after sign-in is followed only when it is inside the user's own area or on the public board. */
export const landingFor = (userType: UserType, next: string | null) => {
  const home = homeOf[userType];
  return next && (next === home || next.startsWith(`${home}/`) || isPublicPage(next)) ? next : home;
};

/** Job-board accounts' own profiles: the seeker's editor is their area's front page, the company's a section. */
const boardProfiles: Partial<Record<UserType, string>> = { JOB_SEEKER: '/seeker', RECRUITER: '/company/profile' };

/** Staff (who may update their own profile) have a profile page in their area, and so do job-board accounts. */
export const profilePathOf = (userType: UserType | undefined) =>
  userType && (boardProfiles[userType] ?? (mayCall(userType, updateOwnProfile) ? `${homeOf[userType]}/profile` : undefined));
