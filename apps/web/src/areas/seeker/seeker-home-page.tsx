import { ComingSoonPage } from '../common/coming-soon-page';

export const SeekerHomePage = () => (
  <ComingSoonPage
    intro="Your job search in one place."
    coming={[
      'Your profile: details, skills, languages and preferences',
      'CVs and cover letters',
      'Applications and their progress',
      'Your wishlist of saved jobs',
    ]}
  />
);
