import { ComingSoonPage } from '../common/coming-soon-page';

export const ClientHomePage = () => (
  <ComingSoonPage
    intro="Follow the hiring your recruitment partner does for you."
    coming={['Your jobs and their candidates', 'Interviews and feedback', 'Information requests']}
  />
);
