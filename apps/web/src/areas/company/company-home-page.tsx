import { ComingSoonPage } from '../common/coming-soon-page';

export const CompanyHomePage = () => (
  <ComingSoonPage
    intro="Hire through the job board."
    coming={['Your company profile', 'Posting and managing jobs', 'Applicants: shortlist, reject and hire']}
  />
);
